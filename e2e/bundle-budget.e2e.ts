import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { signIn } from './helpers';

/**
 * The first screen's weight: the JavaScript a browser with an empty cache fetches before the login form
 * works, and before the workbench shows after signing in (the login's included). Sizes are gzipped, as
 * the server sends them. Over a budget the suite fails: look at what the build put into the first chunks.
 */
// Issue 15 aims at 200 KB and 400 KB. Measured 268 KB and 464 KB (from 320 KB and 606 KB) once the sign-in
// page drew its card and title from theme tokens, the language menu, the status pages, antd's Result, the
// modal code and the top bar's dialogs loaded when first wanted. What is left is what the screens use: React
// with react-dom and react-router (95 KB), antd's style engine, Form, Input and Button, the workbench's
// Table (with Pagination and Select), Menu, Tabs and the SignalR client. Then 262 KB and 458 KB once the sign-in
// page took antd's Input and Password alone (not the Input namespace with TextArea, Search and OTP) and the top
// bar's label button its own title (not the order detail's strings). Then 233 KB and 368 KB once the message
// and notification code, dayjs and the Form label's Tooltip loaded when first wanted, the domain package let
// unused tables go, the binding code dialog's body loaded when opened, the workbench drew its order counts and
// greeting, and the first page spinner, with antd's own styles without the Table, Typography and Spin code,
// and the entry's static imports went into one chunk. Then 195.5 KB and 352.7 KB (the aim reached) once
// ConfigProvider's tooltip UniqueProvider (all of rc-trigger) and the colour presets' Collapse loaded when
// wanted, the routes were react-router's declarative ones instead of its data router (16 KB), and react-query
// came with the signed-in layout rather than before the sign-in form (11 KB). Then 196.1 KB once the request
// client sent creates under an Idempotency-Key and retried a lost answer with it (issue 30; loading that code
// on the first create instead was measured at 196.2 KB: the dynamic import's own helper costs more than it
// saves). Then 363 KB for the workbench (issue 31), which now shows the user's tasks, issues and recent orders in
// cards (antd's Card with its Skeleton, Tag), has a task button in the top bar and the charts' loader (chart.js
// itself comes after the first screen); measured 342.8–363.3 KB, the SignalR client's chunk (13.7 KB) counted or
// not as the hub connects before or after the page goes quiet. Issue 15's 400 KB aim still met. These ceilings
// sit just above. Then 197.2 KB for the login (issue 32 and 33): the demo installation's mark, the notice while
// the demo data loads on a first start, and the session and layout asked for before the first render; issue
// 15's 200 KB aim still met. Then 366.5 KB for the workbench (issues 34 and 35, measured with the SignalR chunk
// counted): the customer portal's hub close reasons and the domain's value lists that issue 34 moved out of the
// client (one list each instead of a copy per side), the pre-alerts card's loader; issue 15's 400 KB aim still met.
// Then 366 KB for the workbench: measured 365.2 KB (from 366.5, the same scripts) once the operation log's table
// names left the domain's value words for a module of their own (data-change-tables.ts), which only the log
// screens load (the value-words chunk 2.6 → 1.4 KB).
const BUDGET_KB = { login: 197.5, workbench: 366 };
// The customer portal (issue 35) is its own client under /m, without antd: its first screen (the sign-in, or
// the binding link's, which loads the same) is held to 150 KB.
const PORTAL_BUDGET_KB = 150;

function scriptsLoaded(page: Page) {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    sizes.set(response.url(), gzipSync(await response.body()).length);
  });
  return {
    kb: () => [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024,
    list: () => [...sizes].map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`).join('\n'),
  };
}

test('the login screen and the workbench load within their JavaScript budgets', async ({ page }) => {
  const scripts = scriptsLoaded(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const login = scripts.kb();
  const loginList = scripts.list();
  expect(login, `login: ${login.toFixed(1)} KB gzipped\n${scripts.list()}`).toBeLessThanOrEqual(BUDGET_KB.login);

  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const workbench = scripts.kb();
  expect(workbench, `workbench: ${workbench.toFixed(1)} KB gzipped\n${scripts.list()}`).toBeLessThanOrEqual(BUDGET_KB.workbench);
  test.info().annotations.push({ type: 'bundle', description: `login ${login.toFixed(1)} KB, workbench ${workbench.toFixed(1)} KB (gzipped)` });
  console.log(`JavaScript before the first screens (gzipped): login ${login.toFixed(1)} KB, workbench ${workbench.toFixed(1)} KB`);
  // BUNDLE_LIST=1 prints every script with its gzipped size, to see what a screen brings.
  if (process.env.BUNDLE_LIST) console.log(`login:\n${loginList}\nworkbench:\n${scripts.list()}`);
});

test("the customer portal's first screen loads within its own budget, none of the staff client's scripts with it", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
  const scripts = scriptsLoaded(page);
  await page.goto('/m/login');
  await expect(page.getByTestId('portal-login-submit')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const portal = scripts.kb();
  expect(portal, `portal: ${portal.toFixed(1)} KB gzipped\n${scripts.list()}`).toBeLessThanOrEqual(PORTAL_BUDGET_KB);
  expect(
    scripts
      .list()
      .split('\n')
      .every((line) => line.startsWith('/m/assets/')),
    scripts.list(),
  ).toBe(true);
  test.info().annotations.push({ type: 'bundle', description: `portal ${portal.toFixed(1)} KB (gzipped)` });
  console.log(`JavaScript before the portal's first screen (gzipped): ${portal.toFixed(1)} KB`);
  await page.context().close();
});

test("an order list fetches the order drawer's code after its rows' data, so the rows do not wait for it", async ({ page }) => {
  await signIn(page, 'admin', 'admin123');
  await page.goto('/smallbag/all');
  await expect(page.locator('.app-content .ant-table')).toBeVisible();
  /** When the page asked for the first resource whose path matches, and when it had it (null: not asked). */
  const loaded = (pattern: string) =>
    page.evaluate((pattern) => {
      const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => new RegExp(pattern).test(new URL(e.name).pathname));
      return entry ? { startTime: entry.startTime, responseEnd: entry.responseEnd } : null;
    }, pattern);
  // the drawer comes anyway, preloaded, so that opening an order does not wait for it either
  await expect.poll(() => loaded('/OrderDetailDrawer-[\\w-]+\\.js$')).not.toBeNull();
  const list = (await loaded('^/api/v1/order/list$'))!;
  const drawer = (await loaded('/OrderDetailDrawer-[\\w-]+\\.js$'))!;
  expect(drawer.startTime).toBeGreaterThan(list.responseEnd);
});
