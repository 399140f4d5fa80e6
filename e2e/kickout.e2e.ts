import { expect, test } from '@playwright/test';
import { hubConnected, signIn } from './helpers';

test('signing in again elsewhere kicks the first browser out to /login with a notice', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    // the first browser's hub connection (WebSockets) must have its handshake answered before the
    // second sign-in; listen from the start, the answer may come before the sign-in has finished
    const connected = hubConnected(firstPage);
    await signIn(firstPage, 'op01', 'demo123');
    await Promise.race([connected, new Promise((_, reject) => setTimeout(() => reject(new Error('the hub did not connect within 20 s')), 20_000))]);

    const secondPage = await second.newPage();
    await signIn(secondPage, 'op01', 'demo123');

    const notice = firstPage.locator('.ant-notification');
    await expect(notice).toContainText('李文静', { timeout: 15_000 });
    await expect(notice).toContainText('您的账号已在其他地方登录，您已被迫下线！');
    await expect(firstPage).toHaveURL(/\/login/, { timeout: 15_000 });
    // the second browser keeps working
    await secondPage.reload();
    await expect(secondPage.getByTestId('workbench-welcome')).toContainText('李文静');
  } finally {
    await first.close();
    await second.close();
  }
});

test('the hub opens its WebSocket at once after sign-in, without a negotiate request first', async ({ page }) => {
  const negotiations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/chathub/negotiate')) negotiations.push(request.url());
  });
  const handshake = new Promise<string>((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/chathub')) ws.on('framereceived', () => resolve(ws.url()));
    }),
  );
  await signIn(page, 'op01', 'demo123');
  const url = await Promise.race([
    handshake,
    new Promise<string>((_, reject) => setTimeout(() => reject(new Error('the hub did not connect within 20 s')), 20_000)),
  ]);
  // a direct WebSocket carries no connection id from a negotiate answer, only the token
  expect(new URL(url).searchParams.has('id')).toBe(false);
  expect(negotiations).toEqual([]);
});
