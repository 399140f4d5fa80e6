import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, expectNoSeriousViolations, hubConnected, prepareSmallbagOrder, signedInPage } from './helpers';

/** A phone: the portal is built for one (390 × 844, touch). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext(PHONE)).newPage();
}

/** The binding link the salesman's QR carries for `customerId`, as a path on this server (/m/bind?code=…). */
async function bindingLink(sales: Page, customerId: number): Promise<string> {
  const answer = await api<{ bind_code: string; wechat_url: string }>(sales, 'GET', `/customers/bindcode/${customerId}`);
  const link = new URL(answer.wechat_url, 'http://portal.invalid');
  expect(`${link.pathname}${link.search}`).toBe(`/m/bind?code=${encodeURIComponent(answer.bind_code)}`);
  return `${link.pathname}${link.search}`;
}

test.describe('the customer portal on a phone', () => {
  test('binds from the QR link, shows only its own orders, books a pre-alert the salesman sees, and is forced off by the staff', async ({ browser }) => {
    test.setTimeout(180_000);
    const admin = await signedInPage(browser, 'admin', 'admin123');
    const own = await prepareSmallbagOrder(admin, { zh: '门户港', en: 'Portal port' }, 'E2E 门户贸易');
    const other = await prepareSmallbagOrder(admin, { zh: '他人港', en: 'Other port' }, 'E2E 他人贸易');
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    const ownOrder = await own.addOrder(sales);
    const otherOrder = await other.addOrder(sales);

    // the customer opens the salesman's link on a phone, confirms the company and binds
    const customer = await phone(browser);
    const live = hubConnected(customer);
    await customer.goto(await bindingLink(sales, own.customerId));
    await expect(customer.getByTestId('portal-bind-company')).toContainText(own.company);
    await expectNoSeriousViolations(customer, 'portal bind');
    await customer.getByLabel('您的姓名').fill('王芳');
    const account = `portal${Date.now()}@example.com`;
    await customer.getByLabel('手机号或邮箱').fill(account);
    await customer.getByLabel('密码', { exact: true }).fill('Cargo-2026!x');
    await customer.getByLabel('再次输入密码').fill('Cargo-2026!x');
    await customer.getByTestId('portal-bind-submit').click();
    await expect(customer).toHaveURL(/\/m\/orders$/);

    // its own order, and not the other customer's, even when searched for by number
    const orders = customer.getByTestId('portal-orders');
    await expect(orders).toContainText(ownOrder.orderNo);
    await expect(orders).not.toContainText(otherOrder.orderNo);
    await expectNoSeriousViolations(customer, 'portal orders');
    await customer.getByPlaceholder('搜索订单号').fill(otherOrder.orderNo);
    await expect(customer.getByText('没有符合条件的订单')).toBeVisible();
    await customer.getByPlaceholder('搜索订单号').fill('');
    await orders.getByText(ownOrder.orderNo).click();
    await expect(customer.getByTestId('portal-order-detail')).toContainText(ownOrder.orderNo);
    await expect(customer.getByTestId('portal-order-detail')).toContainText('已登记');
    await expectNoSeriousViolations(customer, 'portal order detail');
    // another customer's order by its address: not found
    await customer.goto(`/m/orders/smallbag/${otherOrder.id}`);
    await expect(customer.getByText('订单不存在或不属于您的公司')).toBeVisible();

    // a pre-alert: one order of this customer's, in the salesman's 已登记 list, marked as from the portal
    await customer.getByRole('link', { name: '预报' }).click();
    await customer.getByLabel('线路').selectOption('smallbag');
    // the ports are the line's, as the staff keep them: those of this customer's own route
    const port = async (label: string, name: string) => {
      const option = customer.getByLabel(label).locator('option', { hasText: name }).first();
      await expect(option).toBeAttached();
      await customer.getByLabel(label).selectOption(await option.getAttribute('value'));
    };
    await port('起运港', '门户港 start');
    await port('目的港', '门户港 end');
    await customer.getByLabel('收货人').fill('Pacific Imports LLC');
    await customer.getByLabel('货物品名').fill('LED lamps');
    await customer.getByLabel('件数').fill('12');
    await customer.getByLabel('重量 (kg) · 选填').fill('350.5');
    await expectNoSeriousViolations(customer, 'portal pre-alert');
    await customer.getByTestId('portal-prealert-submit').dblclick();
    const booked = customer.getByTestId('portal-prealert-booked');
    await expect(booked).toBeVisible();
    const orderNo = ((await booked.locator('.pt-done-no').textContent()) ?? '').replace('订单号', '').trim();
    expect(orderNo).not.toBe('');
    // the open amounts and the account screens
    await customer.getByRole('link', { name: '待付款' }).click();
    await expect(customer.getByTestId('portal-amount-totals')).toBeVisible();
    await expectNoSeriousViolations(customer, 'portal amounts');
    await customer.getByRole('link', { name: '我的', exact: true }).click();
    await expect(customer.getByTestId('portal-me')).toContainText(own.company);
    await expectNoSeriousViolations(customer, 'portal account');
    await sales.goto('/smallbag/created');
    await expect(sales.locator('tr.ant-table-row', { hasText: orderNo })).toHaveCount(1);
    await expect(sales.locator('tr.ant-table-row', { hasText: own.company }).filter({ hasText: orderNo })).toHaveCount(1);
    // the double tap booked one: the customer's registered orders are the salesman's and the pre-alert
    await expect(sales.locator('tr.ant-table-row', { hasText: own.company })).toHaveCount(2);

    // the staff see the portal online and force it off: the portal says so and signs out
    await live;
    await admin.goto('/customers/checkList');
    await admin.getByTestId(`customer-detail-${own.customerId}`).click();
    const online = admin.getByTestId('customer-online');
    await expect(online.locator('tr.ant-table-row')).toHaveCount(1);
    await online.getByRole('button', { name: '强制下线' }).click();
    await admin
      .getByRole('button', { name: '确 定' })
      .or(admin.getByRole('button', { name: '确定' }))
      .click();
    await expect(customer).toHaveURL(/\/m\/login$/);
    await expect(customer.getByText('您的会话已被客服结束，请重新登录。')).toBeVisible();
    await expectNoSeriousViolations(customer, 'portal sign-in');
    expect(await customer.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

    for (const page of [customer, sales, admin]) await page.context().close();
  });
});
