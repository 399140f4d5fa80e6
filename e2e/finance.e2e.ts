import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, clickForSuccess, pick, prepareSmallbagOrder, row, signedInPage, signIn, waitForNotificationsToClose } from './helpers';

test.describe('finance', () => {
  test("a salesman hands in a payment, finance verifies it, the order's arrears fall to zero", async ({ browser }) => {
    // three people in three browsers: longer than one screen's test
    test.setTimeout(150_000);

    // the administrator prepares a line's ports and an approved customer of sales01's
    const admin = await signedInPage(browser, 'admin', 'admin123');
    const { company, addOrder } = await prepareSmallbagOrder(admin, { zh: '财务港', en: 'Finance' }, 'E2E 财务客户');

    // sales01 registers an order for the customer; finance bills it 1,000.00 CNY
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    const order = await addOrder(sales);
    await api(admin, 'POST', '/order/finance/add/receivable', { orderId: order.id, type: '运费', amount: 1000, currency: 'CNY' });
    await admin.context().close();

    // finance sees the debt among the arrears
    const finance = await signedInPage(browser, 'fin01', 'demo123');
    await finance.goto('/finance/arrears');
    await expect(row(finance, order.orderNo)).toContainText('1,000.00');
    await expect(row(finance, order.orderNo)).toContainText('0–30 天');

    // the salesman hands in the payment on the hand-in screen and submits it for audit
    await sales.goto('/finance/entry/register');
    await waitForNotificationsToClose(sales);
    await sales.getByTestId('finance-add').click();
    const dialog = sales.getByRole('dialog').filter({ hasText: '登记缴款' });
    await dialog.getByTestId('finance-record-submit').click();
    await expect(dialog.getByText('请选择订单')).toBeVisible();
    await dialog.getByTestId('finance-order').click();
    await sales.keyboard.type(order.orderNo);
    await pick(sales, order.orderNo);
    await expect(dialog.getByTestId('finance-customer')).toHaveValue(company);
    await dialog.getByTestId('finance-type').click();
    await pick(sales, '运费收款');
    await dialog.getByTestId('finance-amount').fill('1000');
    await dialog.getByTestId('finance-method').click();
    await pick(sales, '银行转账');
    await dialog.getByTestId('finance-counterparty').fill(company);
    await clickForSuccess(sales, dialog.getByTestId('finance-record-submit'));
    // it awaits audit among the salesman's own records, counted in the totals over the list
    await sales.goto('/finance/entry/detailed');
    const handedIn = row(sales, order.orderNo);
    await expect(handedIn).toContainText('待审核');
    await expect(handedIn).toContainText('1,000.00 CNY');
    await expect(sales.getByTestId('finance-total-CNY')).toContainText('1,000.00 CNY');
    await expect(handedIn.getByRole('button', { name: '审核通过' })).toHaveCount(0);
    await sales.context().close();

    // finance verifies it on the audit screen: it is locked
    await finance.goto('/finance/entry/audit');
    await waitForNotificationsToClose(finance);
    const pending = row(finance, order.orderNo);
    await expect(pending).toHaveCount(1);
    await pending.getByRole('button', { name: '审核通过' }).click();
    await clickForSuccess(finance, finance.getByTestId('finance-confirm'));
    await expect(row(finance, order.orderNo)).toHaveCount(0);
    await finance.goto('/finance/entry/locked');
    await expect(row(finance, order.orderNo)).toHaveCount(1);

    // the order owes nothing: gone from the arrears, outstanding 0.00 in the order inquiry
    await finance.goto('/finance/arrears');
    await expect(finance.getByTestId('finance-arrears')).toBeVisible();
    await expect(row(finance, order.orderNo)).toHaveCount(0);
    await finance.goto('/finance/orderInquiry');
    await finance.getByTestId('inquiry-order-no').fill(order.orderNo);
    await finance.getByRole('button', { name: /查\s*询/ }).click();
    await expect(finance.getByTestId(`inquiry-outstanding-${order.id}`)).toHaveText('0.00');
    await finance.getByTestId(`inquiry-order-${order.id}`).click();
    await expect(finance.getByTestId('order-finance-figures')).toContainText('1,000.00');
    await expect(finance.getByTestId('order-finance-outstanding')).toHaveText('0.00 CNY');
    await finance.context().close();
  });

  test('finance keeps commission rules and exports the report as a streamed workbook', async ({ page }) => {
    await signIn(page, 'fin01', 'demo123');
    await waitForNotificationsToClose(page);

    // a commission rule, found by the commissions-due screen's rules dialog
    const name = `E2E 利润提成 ${Date.now().toString().slice(-6)}`;
    await page.goto('/finance/notRebate');
    await expect(page.getByTestId('finance-rebate-due')).toBeVisible();
    await page.getByTestId('rebate-rules').click();
    const rules = page.getByRole('dialog').filter({ hasText: '佣金规则' }).first();
    await rules.getByRole('button', { name: '新增规则' }).click();
    const form = page.getByRole('dialog').filter({ hasText: '规则名称' }).last();
    await form.getByLabel('规则名称').fill(name);
    await form.getByLabel('佣金比例 (%)').fill('5');
    await clickForSuccess(page, form.getByRole('button', { name: /确\s*定|OK/ }));
    await expect(rules.locator('tr', { hasText: name })).toContainText('5%');

    // the report downloads as an xlsx named after its period
    await page.goto('/finance/export');
    const download = page.waitForEvent('download');
    await page.getByTestId('report-download').click();
    expect((await download).suggestedFilename()).toMatch(/^财务报表 \d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('报表已下载')).toBeVisible();

    // the cost import, from the finance menu: a file with a wrong row writes nothing and says so, row by row
    await page.goto('/finance/costImport');
    await page.getByTestId('cost-import-line').getByText('专线', { exact: true }).click();
    const template = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await template).path());
    workbook.getWorksheet('费用')!.addRow(['DL0000000000', '运费', 100, 'CNY']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await page.getByTestId('import-panel').locator('input[type="file"]').setInputFiles({ name: 'costs.xlsx', mimeType: 'application/octet-stream', buffer });
    await expect(page.getByTestId('import-result-summary')).toContainText('未导入任何行：1 行有误（第 2 行）');
    await expect(page.getByTestId('import-result-summary')).toContainText('已写入 0 行');
    await expect(page.getByTestId('import-result-rejected').locator('tr', { hasText: 'DL0000000000' })).toContainText('不是该线路您可见的订单');
  });
});
