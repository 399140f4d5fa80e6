import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('the offline-capable app mode', () => {
  test.use({ serviceWorkers: 'allow' });
  test('registers the service worker of the built client, which then opens the app shell without the network', async ({ page, context }) => {
    await signIn(page, 'admin', 'admin123');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
    });
    expect(new URL(worker.script).pathname).toBe('/sw.js');
    expect(new URL(worker.scope).pathname).toBe('/');

    // the worker has the whole client cached once it is active: a new page opens with the server out of
    // reach, and the app itself (its scripts from the cache) says the server does not answer
    await context.setOffline(true);
    const offline = await context.newPage();
    const answer = await offline.goto('/smallbag/all');
    expect(answer?.fromServiceWorker()).toBe(true);
    await expect(offline).toHaveTitle(/货代业务管理系统/);
    await expect(offline.getByText('网络连接中断，无法获得服务器的响应').first()).toBeVisible();
    await context.setOffline(false);
    await offline.getByRole('button', { name: '重新加载' }).click();
    await expect(offline.getByTestId('sidebar-menu')).toContainText('小包专线');
  });
});
