import { expect, test } from '@playwright/test';
import { clickForSuccess, pick, prepareSmallbagOrder, row, signedInPage, waitForNotificationsToClose } from './helpers';

test.describe('order charges', () => {
  test('finance adds a receivable through the order drawer, sees outstanding and the arrears follow, then voids it', async ({ browser }) => {
    test.setTimeout(120_000);

    // the administrator prepares ports and an approved customer of sales01's, who orders through the API
    let page = await signedInPage(browser, 'admin', 'admin123');
    const { company, addOrder } = await prepareSmallbagOrder(page, { zh: '费用港', en: 'Charges' }, 'E2E 费用客户');
    await page.context().close();
    page = await signedInPage(browser, 'sales01', 'demo123');
    const order = await addOrder(page);
    await page.context().close();

    // finance finds the order in the inquiry: nothing billed yet
    page = await signedInPage(browser, 'fin01', 'demo123');
    await waitForNotificationsToClose(page);
    await page.goto('/finance/orderInquiry');
    await page.getByTestId('inquiry-order-no').fill(order.orderNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByTestId(`inquiry-order-${order.id}`).click();
    await expect(page.getByTestId('order-finance-outstanding')).toHaveText('0.00 CNY');

    // a receivable of 1,000.00 with 6 % tax, billed to the customer (the default)
    await page.getByTestId('charge-add-receivable').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增应收' });
    await expect(dialog.getByTestId('charge-counterparty')).toHaveValue(company);
    await dialog.getByTestId('charge-type').click();
    await pick(page, '运费');
    await dialog.getByTestId('charge-amount').fill('1000');
    await dialog.getByTestId('charge-tax-rate').fill('6');
    await expect(dialog.getByTestId('charge-preview')).toHaveText('税额 60.00 CNY，含税合计 1,060.00 CNY，折合 1,060.00 CNY');
    await clickForSuccess(page, dialog.getByTestId('charge-save'));
    await expect(page.getByTestId('order-finance-outstanding')).toHaveText('1,060.00 CNY');
    const receivables = page.getByTestId('charges-receivable');
    await expect(receivables).toContainText('1,060.00 CNY');
    await expect(page.getByTestId('charges-receivable-book-total')).toHaveText('1,060.00 CNY');
    // the inquiry list behind the drawer follows
    await expect(page.getByTestId(`inquiry-outstanding-${order.id}`)).toHaveText('1,060.00');

    // the arrears screen shows the debt; its drawer voids the line with a reason
    await page.goto('/finance/arrears');
    await expect(row(page, order.orderNo)).toContainText('1,060.00');
    await page.getByTestId(`arrears-order-${order.id}`).click();
    const line = receivables.locator('tr.ant-table-row').first();
    await line.getByRole('button', { name: '作废' }).click();
    const reason = page.getByRole('dialog').filter({ hasText: '作废应收' });
    await reason.getByTestId('finance-reason').fill('客户取消该项费用');
    await clickForSuccess(page, reason.getByTestId('finance-reason-submit'));
    await expect(page.getByTestId('order-finance-outstanding')).toHaveText('0.00 CNY');
    await expect(line.getByTestId('charge-voided')).toHaveText('已作废');
    await expect(line.getByRole('button', { name: '作废' })).toHaveCount(0);
    // the history keeps both changes, newest first
    await page.getByTestId('charge-trail-section').getByText('变更记录').click();
    const trail = page.getByTestId('charge-trail');
    await expect(trail.locator('tr.ant-table-row').first()).toContainText('作废');
    await expect(trail.locator('tr.ant-table-row').first()).toContainText('客户取消该项费用');
    await expect(trail.locator('tr.ant-table-row').nth(1)).toContainText('新增');
    // and the order is out of the arrears list behind the drawer
    await expect(row(page, order.orderNo)).toHaveCount(0);
    await page.context().close();
  });
});
