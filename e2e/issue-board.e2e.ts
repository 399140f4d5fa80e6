import { expect, test, type Browser, type Page } from '@playwright/test';
import { signedInPage, waitForNotificationsToClose } from './helpers';

const HANDLER = '李文静'; // op01 in the demo staff
/** A 1×1 PNG: the server takes pictures by their content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A signed-in person in a browser of their own, and their API calls with the same session. */
async function person(browser: Browser, account: string, password: string) {
  const page = await signedInPage(browser, account, password);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const call = async (method: 'PUT' | 'POST', path: string, data: unknown) => {
    const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { success: boolean; message: string; data: Record<string, unknown> };
    expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
    return body.data;
  };
  return { context: page.context(), page, call };
}

/** The issue dialog of an order, as one person sees it. */
const board = (page: Page, orderNo: string) => page.getByRole('dialog').filter({ hasText: `${orderNo} 问题报备` });

test.describe('order issue board', () => {
  test('a salesman raises an issue to an operator, who replies; the salesman closes it', async ({ browser }) => {
    test.setTimeout(180_000);
    const serial = Date.now();

    // an order of sales01 (the e2e database starts empty each run): ports (admin), an approved customer of sales01, the order itself
    const admin = await person(browser, 'admin', 'admin123');
    const origin = await admin.call('PUT', '/port/add', {
      shipType: 'smallbag',
      kind: 'start',
      code: 'CNSZX',
      nameZh: '深圳',
      nameEn: 'Shenzhen',
      country: 'CN',
    });
    const destination = await admin.call('PUT', '/port/add', {
      shipType: 'smallbag',
      kind: 'end',
      code: 'USLAX',
      nameZh: '洛杉矶',
      nameEn: 'Los Angeles',
      country: 'US',
    });
    const sales = await person(browser, 'sales01', 'demo123');
    const customer = await sales.call('PUT', '/customers/add', { companyName: `E2E 问题报备公司 ${serial}`, contactName: '王五', mobile: '13800138000' });
    await admin.call('POST', '/customers/check', { id: customer.id, ver: customer.ver, approved: true });
    await admin.context.close();
    const order = await sales.call('PUT', '/order/smallbag/add', {
      customerId: customer.id,
      originPortId: origin.id,
      destinationPortId: destination.id,
      goodsName: '服装',
    });
    const orderNo = String(order.orderNo);

    // the operator's bell shows nothing yet
    const op = await person(browser, 'op01', 'demo123');
    await waitForNotificationsToClose(op.page);
    const opBell = op.page.getByTestId('bbs-bell');
    await expect(opBell).toHaveAttribute('data-count', '0');
    await expect(op.page.getByTestId('bbs-bell-badge').locator('.ant-badge-count')).toHaveCount(0);

    // the salesman opens the order's issue board from its row of all small-parcel orders: it opens on 处理中
    const a = sales.page;
    await a.goto('/smallbag/all');
    await a.getByTestId('order-filter-no').fill(orderNo);
    await a.getByRole('button', { name: /查\s*询/ }).click();
    await a.getByTestId(`order-issues-${orderNo}`).click();
    const aBoard = board(a, orderNo);
    await expect(aBoard).toBeVisible();
    await expect(aBoard.getByRole('tab', { selected: true })).toHaveText(/^处理中/);

    // and raises an issue to the operator; required fields are asked for first
    await aBoard.getByTestId('bbs-raise-issue').click();
    const form = a
      .getByRole('dialog')
      .filter({ hasText: '发布问题' })
      .filter({ has: a.getByTestId('bbs-issue-form') });
    await form.getByTestId('bbs-issue-form-submit').click();
    await expect(form.locator('.ant-form-item-explain-error')).toHaveText(['请选择处理人', '请输入问题内容']);
    await form.getByTestId('bbs-issue-handler').click();
    await a.keyboard.type(HANDLER);
    await a.locator('.ant-select-dropdown').getByText(HANDLER, { exact: true }).click();
    await form.getByTestId('bbs-issue-detail').fill('外箱破损 <b>3</b> 件\n请核实');
    // with a picture, uploaded as it is picked
    await form.locator('input[type="file"]').setInputFiles({ name: '破损.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await form.getByTestId('bbs-issue-form-submit').click();
    await expect(form).toBeHidden();
    await expect(aBoard.getByRole('tab', { selected: true })).toHaveText(/^沟通中/);
    const aIssue = aBoard.locator('tr.ant-table-row', { hasText: '外箱破损' });
    await expect(aIssue).toHaveCount(1);
    // the text shows as typed: markup as text, the line break kept
    await expect(aIssue.locator('.ant-typography').first()).toHaveText('外箱破损 <b>3</b> 件\n请核实');
    await expect(aIssue).toContainText(`张晓明`);
    await expect(aIssue).toContainText(HANDLER);
    // the picture shows from the signed link the server answered
    const picture = aIssue.locator('img').first();
    await expect(picture).toHaveAttribute('src', /^\/files\/\d{4}\/\d{2}\/[\w-]+\.png\?expires=\d+&signature=[\w-]+&session=[0-9a-f]{64}$/);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

    // the operator's bell counts it without a reload
    await expect(opBell).toHaveAttribute('data-count', '1');
    await expect(op.page.getByTestId('bbs-bell-badge').locator('.ant-badge-count')).toHaveAttribute('title', '1');
    await opBell.click();
    const notices = op.page.getByRole('dialog').filter({ hasText: '需处理的问题' });
    await expect(notices.getByTestId(`bbs-notice-${orderNo}`)).toHaveText(`${orderNo} 当前存在 1 个需处理问题， 0 个待确认问题。`);
    await notices.getByTestId(`bbs-notice-${orderNo}`).getByTestId('bbs-notice-order').click();

    // the operator replies from the wait tab; the view moves to 处理中
    const bBoard = board(op.page, orderNo);
    await bBoard.getByText('沟通中').click();
    const bIssue = bBoard.locator('tr.ant-table-row', { hasText: '外箱破损' });
    await expect(bIssue.getByTestId('bbs-issue-edit')).toHaveCount(0);
    await bIssue.getByTestId('bbs-issue-reply').click();
    const reply = op.page.getByRole('dialog').filter({ has: op.page.getByTestId('bbs-reply-form') });
    await expect(reply).toContainText('回复问题');
    await reply.getByTestId('bbs-reply-detail').fill('已联系仓库\n明天回复');
    await reply.getByTestId('bbs-reply-form-submit').click();
    await expect(reply).toBeHidden();
    await expect(bBoard.getByRole('tab', { selected: true })).toHaveText(/^处理中/);
    await expect(bBoard.locator('tr.ant-table-row', { hasText: '外箱破损' })).toHaveCount(1);
    await expect(opBell).toHaveAttribute('data-count', '0');

    // the salesman finds it under 处理中 with the reply, and closes it
    await aBoard.getByText('处理中').click();
    const aHandled = aBoard.locator('tr.ant-table-row', { hasText: '外箱破损' });
    await expect(aHandled).toHaveCount(1);
    await aHandled.click();
    await expect(aBoard.getByTestId('bbs-replies')).toContainText('已联系仓库');
    await expect(aBoard.getByTestId('bbs-replies')).toContainText(HANDLER);
    await aHandled.getByTestId('bbs-issue-close').click();
    const confirm = a.locator('.ant-popover').filter({ hasText: '确定要关闭该条问题吗？' });
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(aBoard.getByRole('tab', { selected: true })).toHaveText(/^处理完成/);
    const aClosed = aBoard.locator('tr.ant-table-row', { hasText: '外箱破损' });
    await expect(aClosed).toContainText(/问题于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 关闭/);
    await expect(aClosed).toContainText('----');

    // the operator sees it finished too
    await bBoard.getByText('处理完成').click();
    await expect(bBoard.locator('tr.ant-table-row', { hasText: '外箱破损' })).toContainText(/问题于 .* 关闭/);

    await sales.context.close();
    await op.context.close();
  });
});
