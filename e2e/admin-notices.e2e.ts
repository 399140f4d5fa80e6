import { expect, test, type Page } from '@playwright/test';
import { clickForSuccess, openAvatarItem, signIn, waitForNotificationsToClose } from './helpers';

/** The unread count the bell shows once it has loaded it. */
async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
  return Number(await bell.getAttribute('data-unread'));
}

test.describe('administration: notices and dictionaries', () => {
  test('a notice published for everyone raises a signed-in salesman’s bell at once; reading it lowers it', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const salesContext = await browser.newContext();
    try {
      const sales = await salesContext.newPage();
      // The salesman's hub connection must be up before the notice is published.
      const hubReady = sales
        .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/chathub'), timeout: 20_000 })
        .then((ws) => ws.waitForEvent('framereceived', { timeout: 10_000 })); // the handshake answer
      await signIn(sales, 'sales01', 'demo123');
      await hubReady;
      const before = await unreadCount(sales);

      const admin = await adminContext.newPage();
      await signIn(admin, 'admin', 'admin123');
      await admin.goto('/base/notice/list');
      const title = `仓库盘点通知 ${Date.now()}`;
      await admin.getByTestId('notice-add').click();
      const dialog = admin.locator('.ant-modal').filter({ hasText: '新增通知' });
      await dialog.getByTestId('notice-title').fill(title);
      await dialog.getByTestId('notice-content').fill('本周六全天盘点，请提前安排出货。');
      await expect(dialog.getByTestId('notice-audience').getByLabel('全部员工')).toBeChecked();
      await clickForSuccess(admin, dialog.locator('.ant-modal-footer .ant-btn-primary'));

      const row = admin.getByTestId('notice-list').locator('tr', { hasText: title });
      await expect(row).toContainText('草稿');
      await row.getByTestId('notice-publish').click();
      await admin.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect(admin.getByText('发布成功')).toBeVisible();
      await expect(row).toContainText('已发布');

      // No reload: the hub push refreshes the count.
      await expect(sales.getByTestId('notice-bell')).toHaveAttribute('data-unread', String(before + 1), { timeout: 15_000 });
      await expect(sales.locator('.ant-badge-count')).toBeVisible();

      await waitForNotificationsToClose(sales);
      await sales.getByTestId('notice-bell').click();
      await sales.getByTestId('notice-bell-list').getByText(title).click();
      await expect(sales.getByTestId('notice-article')).toContainText('本周六全天盘点，请提前安排出货。');
      await expect(sales.getByTestId('notice-bell')).toHaveAttribute('data-unread', String(before));
    } finally {
      await adminContext.close();
      await salesContext.close();
    }
  });

  test('the avatar menu’s bulk change renames a duty everywhere it is stored', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await openAvatarItem(page, 'avatar-dict');
    const dialog = page.locator('.ant-modal').filter({ hasText: '字典值批量修改' });
    await dialog.getByTestId('dict-name').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="职务"]').click();
    // The value fields open once a dictionary is chosen.
    await expect(dialog.getByTestId('dict-old-value')).toBeEnabled();
    await dialog.getByTestId('dict-old-value').fill('会计');
    await dialog.getByTestId('dict-new-value').fill('财务会计');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(page.getByText('此操作贯通全系统所涉及到的全部替换, 是否继续？')).toBeVisible();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The dictionary screen lists the renamed value.
    await page.goto('/base/dict');
    const types = page.getByTestId('dict-types');
    await types.getByLabel('字典编码').fill('duty');
    await types.getByRole('button', { name: /查\s*询/ }).click();
    await types.getByText('duty', { exact: true }).click();
    const items = page.getByTestId('dict-items');
    // The label stays; the stored value is what changed.
    await expect(items.locator('tr', { hasText: '财务会计' })).toContainText('会计');
    await expect(items.getByRole('cell', { name: '会计', exact: true })).toHaveCount(1);
  });
});
