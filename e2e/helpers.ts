import { expect, type Page } from '@playwright/test';

/** Signs in through the login page, as a person does; waits for the workbench. */
export async function signIn(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/index$/);
}

export async function openAvatarItem(page: Page, testId: string) {
  await page.getByTestId('avatar-dropdown').hover();
  await page.getByTestId(testId).click();
}

/** Waits out the welcome notification, which covers the right end of the top bar for a few seconds. */
export async function waitForNotificationsToClose(page: Page) {
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
}
