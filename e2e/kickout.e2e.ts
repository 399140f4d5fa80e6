import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('signing in again elsewhere kicks the first browser out to /login with a notice', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    // the first browser's hub connection (WebSockets) must be up before the second sign-in
    const hubSocket = firstPage.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/chathub'), timeout: 20_000 });
    await signIn(firstPage, 'op01', 'demo123');
    const socket = await hubSocket;
    await socket.waitForEvent('framereceived', { timeout: 10_000 }); // the handshake answer

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
