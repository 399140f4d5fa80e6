import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, clickForSuccess, expectNoSeriousViolations, hubConnected, moveSmallbagOrderOn, pick, prepareSmallbagOrder, row, signedInPage } from './helpers';

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

/** The sign-in and password of the portal accounts the tests bind. */
const PASSWORD = 'Cargo-2026!x';

/**
 * On the phone `customer`, opens the binding link, sees `company` (then runs `whileShown`, if any), binds an
 * account of its own and lands on the orders; answers the account.
 */
async function bindOnPhone(customer: Page, link: string, company: string, whileShown?: () => Promise<void>): Promise<string> {
  await customer.goto(link);
  await expect(customer.getByTestId('portal-bind-company')).toContainText(company);
  await whileShown?.();
  await customer.getByLabel('您的姓名').fill('王芳');
  const account = `portal${Date.now()}@example.com`;
  await customer.getByLabel('手机号或邮箱').fill(account);
  await customer.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await customer.getByLabel('再次输入密码').fill(PASSWORD);
  await customer.getByTestId('portal-bind-submit').click();
  await expect(customer).toHaveURL(/\/m\/orders$/);
  return account;
}

/** Confirms the open pop-up confirmation (antd spaces a two-character label: 确 定). */
const confirm = (page: Page) =>
  page
    .getByRole('button', { name: '确 定' })
    .or(page.getByRole('button', { name: '确定' }))
    .click();

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
    await bindOnPhone(customer, await bindingLink(sales, own.customerId), own.company, async () => expectNoSeriousViolations(customer, 'portal bind'));

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
    await confirm(admin);
    await expect(customer).toHaveURL(/\/m\/login$/);
    await expect(customer.getByText('您的会话已被客服结束，请重新登录。')).toBeVisible();
    await expectNoSeriousViolations(customer, 'portal sign-in');
    expect(await customer.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

    for (const page of [customer, sales, admin]) await page.context().close();
  });

  test('unbinding the account from the customer detail signs the open portal out, and the account can no longer sign in', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedInPage(browser, 'admin', 'admin123');
    const own = await prepareSmallbagOrder(admin, { zh: '解绑港', en: 'Unbind port' }, 'E2E 解绑贸易');
    await admin.context().close();
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    const customer = await phone(browser);
    const live = hubConnected(customer);
    const account = await bindOnPhone(customer, await bindingLink(sales, own.customerId), own.company);
    await live;

    // the salesman: 客户详情 → the portal accounts → 解绑, confirmed
    await sales.goto('/customers/checkList');
    await sales.getByTestId(`customer-detail-${own.customerId}`).click();
    const bound = row(sales, account);
    await expect(sales.getByTestId('customer-wechats').locator(bound)).toHaveCount(1);
    await bound.getByRole('button', { name: /^解\s?绑$/ }).click();
    await confirm(sales);
    await expect(sales.getByTestId('customer-wechats').locator(bound)).toHaveCount(0);

    // the open portal says so and signs out
    await expect(customer).toHaveURL(/\/m\/login$/);
    await expect(customer.getByText('此账号已被解除绑定，如需继续使用请联系您的业务员。')).toBeVisible();
    expect(await customer.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

    // and the account is gone: signing in again is refused
    await customer.getByLabel('手机号或邮箱').fill(account);
    await customer.getByLabel('密码', { exact: true }).fill(PASSWORD);
    const answered = customer.waitForResponse((response) => response.url().endsWith('/api/v1/portal/login'));
    await customer.getByTestId('portal-login-submit').click();
    expect((await answered).status()).toBe(400);
    await expect(customer.getByText('账号或密码错误')).toBeVisible();
    await expect(customer).toHaveURL(/\/m\/login$/);
    expect(await customer.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

    for (const page of [customer, sales]) await page.context().close();
  });
});

test.describe('milestone e-mails without SMTP', () => {
  test('a milestone the administrator picks mails the customer who accepts e-mails into the outbox, and not the one who opted out', async ({ browser }) => {
    test.setTimeout(180_000);
    const admin = await signedInPage(browser, 'admin', 'admin123');
    const recipient = `accepting${Date.now()}@example.com`;
    const accepting = await prepareSmallbagOrder(admin, { zh: '邮件港', en: 'Mail port' }, 'E2E 收邮件贸易', { email: recipient, acceptEmail: true });
    const optedOut = await prepareSmallbagOrder(admin, { zh: '退订港', en: 'Opt-out port' }, 'E2E 退订贸易', {
      email: `opted-out${Date.now()}@example.com`,
      acceptEmail: false,
    });
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    // the cargo the move into the warehouse asks for
    const cargo = { packages: 3, grossWeight: 42.5, volume: 0.3 };
    const mailed = await accepting.addOrder(sales, cargo);
    const notMailed = await optedOut.addOrder(sales, cargo);
    await sales.context().close();

    // 系统参数 → 客户邮件: 准备装柜 the only milestone (in place of the defaults, 入仓 among them)
    await admin.goto('/base/deploy');
    await admin.getByRole('tab', { name: '客户邮件' }).click();
    const milestones = admin.getByTestId('setting-mail.milestones');
    const picked = milestones.locator('.ant-select-selection-item-remove');
    for (let left = await picked.count(); left > 0; left--) {
      await picked.first().click();
      await expect(picked).toHaveCount(left - 1);
    }
    await admin.getByTestId('setting-choices-mail.milestones').click();
    await pick(admin, '准备装柜');
    await expect(milestones.locator('.ant-select-selection-item')).toHaveText(['准备装柜']);
    await clickForSuccess(admin, admin.getByTestId('setting-save-mail.milestones'));

    // staff move both orders to 入仓 (no longer a milestone), then to 准备装柜
    for (const order of [mailed, notMailed]) {
      await moveSmallbagOrderOn(admin, 'created', order.orderNo, '入仓');
      await moveSmallbagOrderOn(admin, 'warehouse', order.orderNo, '准备装柜');
    }

    // 系统日志 → 邮件发件箱: the one mail, kept in the outbox for want of SMTP (the sender's pass marks it)
    /** Waits for the outbox list's answer to what `act` does (open, search, refresh). */
    const listed = async (act: () => Promise<unknown>) => {
      const answered = admin.waitForResponse((response) => response.url().endsWith('/api/v1/log/mail/list'));
      await act();
      await answered;
    };
    await listed(() => admin.goto('/log/mail'));
    const search = (orderNo: string) =>
      listed(async () => {
        await admin.getByTestId('log-filter-text').fill(orderNo);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
      });
    await search(mailed.orderNo);
    const mail = row(admin, mailed.orderNo);
    await expect(mail).toContainText(recipient);
    await expect(mail).toContainText('准备装柜');
    await expect(admin.locator('tr.ant-table-row')).toHaveCount(1);
    // queued by the move; the sender's next pass (every 10 s) keeps it as not sent: there is no SMTP_URL
    await expect(async () => {
      await listed(() => admin.getByTestId('log-mail').getByRole('button', { name: '刷新' }).click());
      await expect(mail).toContainText('未发送（未配置 SMTP）', { timeout: 1_000 });
    }).toPass({ timeout: 45_000 });

    // none for the opted-out customer's same moves (a mail is queued in the move's own transaction)
    await search(notMailed.orderNo);
    await expect(admin.locator('tr.ant-table-row')).toHaveCount(0);

    // the installation's milestones as they were
    await api(admin, 'POST', '/deploy/reset/mail.milestones');
    await admin.context().close();
  });
});
