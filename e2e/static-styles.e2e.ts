import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * antd's component styles come built (frontend/vite.config.ts, antdStaticStyles; theme.zeroRuntime in
 * App.tsx): the browser only registers the theme's CSS variables, it no longer generates each component's
 * rules on its first render (issue 31: a third of the workbench's script time). What antd's style engine
 * inserted beyond variables, by its first characters: none expected.
 */
function generatedComponentStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]')]
      .map((style) => (style.textContent ?? '').replace(/\.css-var-[^{}]*\{[^{}]*\}/g, '').trim())
      .filter((rules) => rules !== '')
      .map((rules) => rules.slice(0, 80)),
  );
}

test('antd draws the sign-in page, the workbench and an order list from built styles in the theme, generating none', async ({ page }) => {
  await page.goto('/login');
  // the primary button in the theme's primary colour (#0958d9), not antd's default blue
  await expect(page.getByTestId('login-submit')).toHaveCSS('background-color', 'rgb(9, 88, 217)');
  await expect(page.locator('.ant-input-affix-wrapper').first()).toHaveCSS('border-top-style', 'solid');
  expect(await generatedComponentStyles(page)).toEqual([]);

  await signIn(page, 'admin', 'admin123');
  await expect(page.getByTestId('workbench-welcome')).toHaveCSS('border-radius', '8px');
  expect(await generatedComponentStyles(page)).toEqual([]);

  // a screen loaded later, with components the first screens do not have: the table, a date picker
  await page.goto('/smallbag/all');
  await expect(page.locator('.app-content .ant-table-thead th').first()).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  await expect(page.locator('.app-content .ant-picker').first()).toHaveCSS('border-top-style', 'solid');
  expect(await generatedComponentStyles(page)).toEqual([]);
});
