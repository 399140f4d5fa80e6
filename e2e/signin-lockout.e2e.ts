// Issue 32, item 4: an attack from many addresses cannot keep a user out of the browser they work in (its
// device cookie), and an administrator clears a colleague's sign-in lock on 员工管理 (解除锁定).
// The attack is sent from this machine with X-Forwarded-For, which the test server believes from a
// loopback peer (TRUST_PROXY's default) exactly as it would from a proxy on the same machine.
import { expect, request, test, type Page } from '@playwright/test';
import { constants, publicEncrypt } from 'node:crypto';
import { signIn, signedInPage } from './helpers';

const base = () => test.info().project.use.baseURL!;

/** Sign-in attempts as the login page sends them (RSA PKCS#1 v1.5 of the JSON credentials), each from its own address. */
async function attack(account: string, addresses: string[], password = 'wrong-password') {
  const api = await request.newContext({ baseURL: base() });
  const { publicKey } = (await (await api.get('/api/v1/login/initialize')).json()).data;
  const statuses: number[] = [];
  for (const address of addresses) {
    const param = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(JSON.stringify({ account, password }))).toString(
      'base64',
    );
    statuses.push((await api.post('/api/v1/login/user', { data: { param }, headers: { 'X-Forwarded-For': address } })).status());
  }
  await api.dispose();
  return statuses;
}

/** Fills and sends the login page (without waiting for the workbench). */
async function tryLoginPage(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('the desk signs in while an attack from many addresses refuses every other browser', async ({ browser }) => {
  test.setTimeout(180_000);
  // the desk: the user's own browser, signed in before the attack (it now holds the account's device cookie)
  const desk = await (await browser.newContext()).newPage();
  await signIn(desk, 'cs01', 'demo123');
  expect((await desk.context().cookies()).some((c) => c.name.startsWith('fwd_device_') && c.httpOnly && c.sameSite === 'Strict')).toBe(true);
  // signed out of the page (tokens gone), the browser keeps its device cookie
  await desk.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  // the attack: wrong passwords from 40 addresses, past the account's 30 a minute
  const statuses = await attack(
    'cs01',
    Array.from({ length: 40 }, (_, i) => `203.0.113.${i + 1}`),
  );
  expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);

  // a fresh browser with the right password is refused
  const stranger = await (await browser.newContext()).newPage();
  await tryLoginPage(stranger, 'cs01', 'demo123');
  await expect(stranger.getByText(/请求过于频繁/)).toBeVisible();
  await expect(stranger).toHaveURL(/\/login/);

  // the desk is not
  await tryLoginPage(desk, 'cs01', 'demo123');
  await expect(desk).toHaveURL(/\/index$/);
  await desk.context().close();
  await stranger.context().close();
});

test('an administrator sees a locked colleague on 员工管理 and clears the lock (解除锁定)', async ({ browser }) => {
  test.setTimeout(180_000);
  // five failures from one address lock that address out of op01
  expect(await attack('op01', Array(5).fill('198.51.100.20'))).toEqual([400, 400, 400, 400, 423]);

  const admin = await signedInPage(browser, 'admin', 'admin123');
  await admin.goto('/base/staff/list');
  const row = admin.getByTestId('staff-list').locator('tr', { hasText: 'op01' });
  await expect(row.getByTestId('staff-locked')).toHaveText('登录已锁定');
  await row.getByTestId('staff-unlock').click();
  await admin.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(admin.getByText('已解除登录锁定')).toBeVisible();
  await expect(row.getByTestId('staff-locked')).toHaveCount(0);
  // the address that was locked out signs in again
  expect(await attack('op01', ['198.51.100.20'], 'demo123')).toEqual([200]);
  await admin.context().close();
});
