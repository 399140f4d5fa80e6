import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/**
 * The first screen's weight: the JavaScript a browser with an empty cache fetches before the login form
 * works, and before the workbench shows after signing in (the login's included). Sizes are gzipped, as
 * the server sends them. Over a budget the suite fails: look at what the build put into the first chunks.
 */
// Issue 15 aims at 200 KB and 400 KB; these are the ceilings of what the build sends today (measured
// 320 KB and 607 KB) and come down as the first screens shed what they do not show.
const BUDGET_KB = { login: 330, workbench: 620 };

function scriptsLoaded(page: Page) {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    sizes.set(response.url(), gzipSync(await response.body()).length);
  });
  return {
    kb: () => [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024,
    list: () => [...sizes].map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`).join('\n'),
  };
}

test('the login screen and the workbench load within their JavaScript budgets', async ({ page }) => {
  const scripts = scriptsLoaded(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const login = scripts.kb();
  expect(login, `login: ${login.toFixed(1)} KB gzipped\n${scripts.list()}`).toBeLessThanOrEqual(BUDGET_KB.login);

  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const workbench = scripts.kb();
  expect(workbench, `workbench: ${workbench.toFixed(1)} KB gzipped\n${scripts.list()}`).toBeLessThanOrEqual(BUDGET_KB.workbench);
  test.info().annotations.push({ type: 'bundle', description: `login ${login.toFixed(1)} KB, workbench ${workbench.toFixed(1)} KB (gzipped)` });
  console.log(`JavaScript before the first screens (gzipped): login ${login.toFixed(1)} KB, workbench ${workbench.toFixed(1)} KB`);
});
