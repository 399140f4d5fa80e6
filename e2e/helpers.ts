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
