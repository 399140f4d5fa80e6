import { expect, test } from '@playwright/test';
import { api, prepareSmallbagOrder, signedInPage, waitForNotificationsToClose } from './helpers';

test.describe('findable work', () => {
  test('customer service finds a task given to them from the top bar and marks it done', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedInPage(browser, 'admin', 'admin123');
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    const { addOrder } = await prepareSmallbagOrder(admin, { zh: '任务港', en: 'Task port' }, 'E2E 任务公司');
    const order = await addOrder(sales);
    await sales.context().close();
    const assignees = await api<{ id: number; account: string }[]>(admin, 'GET', `/order/work/record/assignees/${order.id}`);
    const cs = assignees.find((staff) => staff.account === 'cs01')!;
    const content = `联系收货人 ${Date.now()}`;

    const page = await signedInPage(browser, 'cs01', 'demo123');
    await waitForNotificationsToClose(page);
    const bell = page.getByTestId('task-bell');
    const before = Number(await bell.getAttribute('data-count'));
    // given while cs01 is on the workbench: the hub brings the new count
    await api(admin, 'PUT', `/order/work/record/add/${order.id}`, { assigneeId: cs.id, content, dueAt: '2026-01-01T00:00:00.000Z' });
    await expect(bell).toHaveAttribute('data-count', String(before + 1));
    await expect(page.getByTestId('workbench-tasks')).toContainText(content);

    await bell.click();
    await expect(page).toHaveURL(/\/tasks$/);
    await page.getByTestId('my-tasks-tab-overdue').click();
    const row = page.locator('tr.ant-table-row', { hasText: content });
    await expect(row).toContainText(order.orderNo);
    await row.getByTestId('my-task-finish').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(row).toHaveCount(0);
    await expect(bell).toHaveAttribute('data-count', String(before));
    await page.getByTestId('my-tasks-tab-done').click();
    await expect(page.locator('tr.ant-table-row', { hasText: content })).toBeVisible();
    await admin.context().close();
    await page.context().close();
  });

  test('a salesman opening an administrator’s page is told he may not (403), an unknown page is 404', async ({ browser }) => {
    const page = await signedInPage(browser, 'sales01', 'demo123');
    await page.goto('/base/staff/list');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.locator('.ant-result-403')).toContainText('抱歉，您无权访问此页面。');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await page.context().close();
  });
});
