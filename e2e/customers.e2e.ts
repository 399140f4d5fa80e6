import { expect, test, type Page } from '@playwright/test';
import { clickForSuccess, signedInPage, signIn } from './helpers';

/** The table row of a customer on the current list screen. */
const customerRow = (page: Page, company: string) => page.locator('tr.ant-table-row', { hasText: company });

test.describe('customers', () => {
  test('a salesman adds a customer, a reviewer approves it, the salesman issues its binding code', async ({ browser }) => {
    const company = `E2E 环球贸易 ${Date.now()}`;

    // the salesman enters the customer: it awaits review
    const salesContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const sales = await salesContext.newPage();
    await signIn(sales, 'sales01', 'demo123');
    await sales.goto('/customers/add');
    await sales.getByTestId('customer-submit').click();
    await expect(sales.getByText('请输入公司名称')).toBeVisible();
    await sales.getByTestId('customer-company').fill(company);
    await sales.getByTestId('customer-contact').fill('李雷');
    await sales.getByTestId('customer-phone').fill('+86 755-1234567');
    await sales.getByTestId('customer-email').fill('lilei@example.com');
    await sales.getByTestId('customer-submit').click();
    await expect(sales.getByText('客户已提交审核')).toBeVisible();

    // the reviewer, in a browser of their own, approves it on the awaiting-review list
    const reviewer = await signedInPage(browser, 'admin', 'admin123');
    await reviewer.goto('/customers/checkPendingList');
    await reviewer.getByTestId('customer-search-key').fill(company);
    await reviewer.getByRole('button', { name: /查\s*询/ }).click();
    const pending = customerRow(reviewer, company);
    await expect(pending).toHaveCount(1);
    await pending.getByRole('button', { name: '审核' }).click();
    await clickForSuccess(reviewer, reviewer.getByTestId('customer-check-submit'));
    await expect(customerRow(reviewer, company)).toHaveCount(0);
    await reviewer.context().close();

    // the salesman finds it approved and issues a binding code from its row
    await sales.goto('/customers/checkList');
    const approved = customerRow(sales, company);
    await expect(approved).toHaveCount(1);
    await approved.getByRole('button', { name: '绑定码' }).click();
    const dialog = sales.getByRole('dialog').filter({ hasText: '生成客户绑定码' });
    await expect(dialog).toContainText('复制二维码发送给客户');
    const qr = dialog.getByTestId('bind-code-qr');
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

    // cleared, the dialog waits for a customer picked by typing, then issues a fresh code, which can be copied
    const first = await qr.getAttribute('src');
    await dialog.getByTestId('bind-code-customer').hover();
    await dialog.locator('.ant-select-clear').click();
    await expect(dialog).toContainText('二维码区域');
    await expect(dialog.getByTestId('bind-code-copy')).toBeDisabled();
    await dialog.getByTestId('bind-code-customer').click();
    await sales.keyboard.type(company.slice(-8));
    await sales.locator('.ant-select-dropdown').getByText(company).click();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    expect(await qr.getAttribute('src')).not.toBe(first);
    await dialog.getByTestId('bind-code-copy').click();
    await expect(sales.getByText('复制绑定码成功')).toBeVisible();
    await salesContext.close();
  });

  test('a sales manager rejects a customer by clicking 驳回, with the remark the salesman reads on the list to edit', async ({ browser }) => {
    const company = `E2E 驳回贸易 ${Date.now()}`;
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    await sales.goto('/customers/add');
    await sales.getByTestId('customer-company').fill(company);
    await sales.getByTestId('customer-contact').fill('韩梅梅');
    await sales.getByTestId('customer-phone').fill('+86 755-7654321');
    await sales.getByTestId('customer-submit').click();
    await expect(sales.getByText('客户已提交审核')).toBeVisible();

    const manager = await signedInPage(browser, 'manager01', 'demo123');
    await manager.goto('/customers/checkPendingList');
    await manager.getByTestId('customer-search-key').fill(company);
    await manager.getByRole('button', { name: /查\s*询/ }).click();
    await customerRow(manager, company).getByRole('button', { name: '审核' }).click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByText('驳回', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: '驳回' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: '审核通过' })).not.toBeChecked();
    await manager.getByTestId('customer-check-submit').click();
    await expect(dialog.getByText('驳回时请填写原因')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: '驳回' })).toBeChecked();
    await manager.getByTestId('customer-check-remark').fill('营业执照不清晰');
    await clickForSuccess(manager, manager.getByTestId('customer-check-submit'));
    await expect(customerRow(manager, company)).toHaveCount(0);
    await manager.context().close();

    await sales.goto('/customers/editList');
    const rejected = customerRow(sales, company);
    await expect(rejected).toHaveCount(1);
    await expect(rejected).toContainText('营业执照不清晰');
    await sales.context().close();
  });
});
