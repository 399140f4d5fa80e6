import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test.describe('the content security policy', () => {
  test.use({ serviceWorkers: 'allow' });
  test('fits the built client: sign-in, styled pages, the hub over WebSocket and the service worker run without a violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    const hub = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/chathub'), timeout: 20_000 });
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signIn(page, 'admin', 'admin123');
    const socket = await hub;
    await new Promise<void>((resolve) => socket.on('framereceived', () => resolve()));
    // antd styles what it renders through <style> elements: a styled button shows they were applied
    await expect(page.locator('.ant-layout-sider, .ant-menu').first()).toBeVisible();
    for (const path of ['/base/staff/list', '/smallbag/all', '/finance/arrears']) {
      await page.goto(path);
      await expect(page.locator('.ant-table').first()).toBeVisible();
    }
    const button = page.locator('.ant-btn-primary').first();
    await expect(button).toBeVisible();
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // the service worker too, registered once the page has settled (REGISTER_AFTER_LOAD_MS), with the whole client cached
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
    expect(await violations()).toEqual([]);
  });
});
