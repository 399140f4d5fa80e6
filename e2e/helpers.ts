import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

/** Signs in through the login page, as a person does; waits for the workbench. */
export async function signIn(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/index$/);
}

/** Resolves when the page's hub connection (/chathub, WebSockets) has its first answer: the handshake. Listen before signing in. */
export function hubConnected(page: Page): Promise<void> {
  return new Promise<void>((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/chathub')) ws.on('framereceived', () => resolve());
    }),
  );
}

/**
 * Signs in with a password someone else set (an administrator's add or reset): the change dialog opens by
 * itself over an empty page; changes it to `newPassword`, back on the sign-in page, then signs in with it.
 */
export async function signInChangingPassword(page: Page, account: string, setPassword: string, newPassword: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(setPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('password-required')).toBeVisible();
  await page.getByTestId('password-old').fill(setPassword);
  await page.getByTestId('password-new').fill(newPassword);
  await page.getByTestId('password-confirm').fill(newPassword);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, account, newPassword);
}

/** A page in a browser of its own (a fresh context: its own storage and session), signed in as `account`; close it with `page.context().close()`. */
export async function signedInPage(browser: Browser, account: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account, password);
  return page;
}

export async function openAvatarItem(page: Page, testId: string) {
  await page.getByTestId('avatar-dropdown').hover();
  await page.getByTestId(testId).click();
}

/** Waits out the welcome notification, which covers the right end of the top bar for a few seconds. */
export async function waitForNotificationsToClose(page: Page) {
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Clicks and waits for the success message that click brings. Messages of earlier actions may still be
 * on screen (antd keeps each for 3 s), so those are marked first and only a new 操作成功 counts.
 */
export async function clickForSuccess(page: Page, target: Locator) {
  await page.locator('.ant-message-notice').evaluateAll((notices) => notices.forEach((n) => n.setAttribute('data-seen', '')));
  await target.click();
  await expect(page.locator('.ant-message-notice:not([data-seen])', { hasText: '操作成功' })).toBeVisible();
}

/** Calls the API as the user signed in on `page` (their token), answering the envelope's data. */
export async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, envelope: (await response.json()) as { success: boolean; message: string; data: unknown } };
    },
    { method, url: `/api/v1${path}`, body },
  );
  if (!answer.envelope.success) throw new Error(`${method} ${path} → ${answer.status} ${answer.envelope.message}`);
  return answer.envelope.data as T;
}

/** Clicks an option of the open select dropdown. */
export const pick = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click();

export const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

/** A stage move waits on the server, which shares a busy machine with other runs. */
const expectServer = expect.configure({ timeout: 30_000 });

/**
 * On the small parcel stage screen `screen` (`created`, `warehouse`…), selects the order and moves it on with the
 * batch action to `stageName`, filling the stage data asked (`fill`, once the dialog is open).
 */
export async function moveSmallbagOrderOn(page: Page, screen: string, orderNo: string, stageName: string, fill?: () => Promise<void>) {
  await page.goto(`/smallbag/${screen}`);
  await expectServer(row(page, orderNo)).toHaveCount(1);
  await row(page, orderNo).locator('.ant-checkbox-input').check();
  await page.getByTestId('order-batch-upgrade').click();
  const dialog = page.getByTestId('order-upgrade-dialog');
  await expectServer(dialog).toContainText(orderNo);
  await fill?.();
  // the server's answer itself, so a refusal fails here with its message rather than as a missing toast
  const answered = page.waitForResponse((res) => res.url().includes('/api/v1/order/upgrade/') && res.request().method() === 'POST');
  await page.getByTestId('order-upgrade-submit').click();
  const body = (await (await answered).json()) as { success: boolean; message: string };
  expectServer(body.success, body.message).toBe(true);
  await expectServer(page.getByText(`已将 1 个订单升级到“${stageName}”`)).toBeVisible();
  await expectServer(row(page, orderNo)).toHaveCount(0);
}

/**
 * What the administrator signed in on `admin` prepares for an order of sales01's: two new smallbag ports
 * named after `portName` and an approved customer of sales01 (张晓明) named after `companyName`, each name
 * made unique by a stamp of this run (the port code a UN/LOCODE-like one: country and three letters).
 */
export async function prepareSmallbagOrder(
  admin: Page,
  portName: { zh: string; en: string },
  companyName: string,
  /** more of the customer's fields (its e-mail, acceptEmail) */
  customerFields: Record<string, unknown> = {},
) {
  const stamp = Date.now().toString().slice(-6);
  const company = `${companyName} ${stamp}`;
  const letters = [...stamp.slice(-3)].map((digit) => String.fromCharCode(65 + Number(digit))).join('');
  const port = (kind: 'start' | 'end') =>
    api<{ id: number }>(admin, 'PUT', '/port/add', {
      shipType: 'smallbag',
      kind,
      code: `${kind === 'start' ? 'CN' : 'US'}${letters}`,
      nameZh: `${portName.zh} ${kind} ${stamp}`,
      nameEn: `${portName.en} ${kind} ${stamp}`,
      country: kind === 'start' ? 'CN' : 'US',
    });
  const [origin, destination] = [await port('start'), await port('end')];
  const salesmen = await api<{ id: number; fullName: string }[]>(admin, 'POST', '/user/list/role', { roleCode: 'salesman' });
  const salesmanId = salesmen.find((staff) => staff.fullName === '张晓明')!.id;
  const customer = await api<{ id: number; ver: number }>(admin, 'PUT', '/customers/add', {
    companyName: company,
    contactName: '韩梅梅',
    salesmanId,
    ...customerFields,
  });
  await api(admin, 'POST', '/customers/check', { id: customer.id, ver: customer.ver, approved: true });
  /** Adds the customer's order on that route as the salesman signed in on `sales`, with more of its fields if given (its cargo). */
  const addOrder = (sales: Page, orderFields: Record<string, unknown> = {}) =>
    api<{ id: number; orderNo: string }>(sales, 'PUT', '/order/smallbag/add', {
      customerId: customer.id,
      originPortId: origin.id,
      destinationPortId: destination.id,
      goodsName: '服装',
      ...orderFields,
    });
  return { company, customerId: customer.id, addOrder };
}

/** axe finds no critical or serious violation on the page as it stands; a failure names the rule and where. */
export async function expectNoSeriousViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${name}: ${violation.id} (${violation.impact}) at ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious).toEqual([]);
}
