import { expect, test, type Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { prepareSmallbagOrder, signedInPage } from './helpers';

/**
 * How fast the screens answer (issue 31, item 6), timed in the page itself: from the user's input (the first
 * pointer event of the click or hover, seen before the page's own handlers) to the first animation frame in
 * which what it opens is on screen, so the test's own round trips are not counted. Issue 31's aims, asserted:
 * sign-in to a drawn workbench and an order list's full load within 1.2 s; a menu, dropdown, drawer or dialog
 * within 300 ms — each the median of five tries for sign-in and the list (each time in a fresh browser context,
 * nothing cached) and of three for the rest, so one slow frame of a shared machine does not decide. The file
 * runs last and alone in a run with two workers (playwright.config.ts). History, quiet machine: sign-in 2.32 s and the list 2.14 s
 * (before antd's styles were built at build time and the drawer's code loaded after the rows), then 0.95–1.23 s
 * and 1.30–1.67 s (28 Nov), then 0.88–0.91 s and 0.85–1.11 s (29 Nov, single tries), then medians of 0.98 s and 1.15 s
 * and, with the service worker's install no longer beside them (frontend/src/app/serviceWorker.ts), 0.83–0.85 s and
 * 0.89 s (30 Nov, one machine, two runs each); the dropdown 37–45 ms,
 * the drawer 103–120 ms, the issue dialog 50–72 ms, the avatar menu ~200 ms (150 ms of it antd's hover delay).
 */
const AIM_MS = { page: 1200, open: 300 };

/** Arms the page: the next pointer event starts the clock, the first frame showing `selector` stops it. */
function armTimer(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const timer = { start: 0, end: 0 };
    (window as unknown as { __timer: typeof timer }).__timer = timer;
    const start = () => (timer.start ||= performance.now());
    for (const type of ['pointerover', 'pointerdown']) document.addEventListener(type, start, { capture: true, once: true });
    const shown = () => {
      const element = document.querySelector<HTMLElement>(selector);
      if (timer.start && element?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && element.getBoundingClientRect().height > 0) {
        timer.end = performance.now();
      } else requestAnimationFrame(shown);
    };
    requestAnimationFrame(shown);
  }, selector);
}

/** Milliseconds from the input to the frame that showed what the timer was armed for. */
async function elapsed(page: Page, selector: string): Promise<number> {
  const handle = await page
    .waitForFunction(
      () => {
        const { start, end } = (window as unknown as { __timer: { start: number; end: number } }).__timer;
        return end ? end - start : 0;
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(async (error: Error) => {
      const state = await page.evaluate(
        (selector) => ({
          timer: (window as unknown as { __timer: unknown }).__timer,
          element: document.querySelector(selector)?.outerHTML.slice(0, 200) ?? null,
        }),
        selector,
      );
      throw new Error(`${selector} not timed: ${JSON.stringify(state)} (${error.message})`);
    });
  return Math.round(await handle.jsonValue());
}

async function timeOpening(page: Page, selector: string, act: () => Promise<void>): Promise<number> {
  await armTimer(page, selector);
  await act();
  return elapsed(page, selector);
}

/** The middle one of some timings: one slow frame of a shared machine does not decide, a slow screen still does. */
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of `tries` timings taken one after the other. */
async function medianOf(tries: number, time: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < tries; i++) times.push(await time());
  return median(times);
}

const TRIES = 3;
/**
 * Sign-in and the list load a whole page in a fresh browser: their tries spread most (0.67–1.49 s for the
 * list in ten tries on one quiet machine, 29 Nov), so their median is of five.
 */
const PAGE_TRIES = 5;

/** Flags the first frame of /smallbag/all that shows its rows with the table's loading spinner gone. */
function flagListShown() {
  if (location.pathname !== '/smallbag/all') return;
  const shown = () => {
    const rows = document.querySelector('.app-content tr.ant-table-row');
    if (rows && !document.querySelector('.app-content .ant-table .ant-spin-spinning'))
      (window as unknown as { __listShown: number }).__listShown = performance.now();
    else requestAnimationFrame(shown);
  };
  requestAnimationFrame(shown);
}

test('sign-in, an order list, and the menus, dropdowns, drawers and dialogs answer within their aims', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await signedInPage(browser, 'admin', 'admin123');
  const { addOrder } = await prepareSmallbagOrder(admin, { zh: '计时港', en: 'Timing' }, 'E2E 计时客户');
  const sales = await signedInPage(browser, 'sales01', 'demo123');
  const order = await addOrder(sales);
  await sales.context().close();
  await admin.context().close();
  const tries: Record<string, number[]> = { signIn: [], orderList: [] };

  // sign-in and an order list's full load, each time in a browser of its own (nothing cached yet):
  // sign-in from the click on 登录 to the workbench drawn (its first card); the list from the start of the
  // navigation (a fresh page) to the first frame showing its rows with the table's loading spinner gone
  let page!: Page;
  for (let i = 0; i < PAGE_TRIES; i++) {
    if (page) await page.context().close();
    page = await (await browser.newContext()).newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    tries.signIn.push(await timeOpening(page, '.app-content .ant-card', () => page.getByTestId('login-submit').click()));
    await expect(page).toHaveURL(/\/index$/);
    await page.addInitScript(flagListShown);
    await page.goto('/smallbag/all');
    await expect(page.getByTestId(`order-no-${order.orderNo}`)).toBeVisible();
    tries.orderList.push(
      Math.round((await (await page.waitForFunction(() => (window as unknown as { __listShown?: number }).__listShown)).jsonValue()) as number),
    );
  }
  const timings: Record<string, number> = { signIn: median(tries.signIn), orderList: median(tries.orderList) };

  // a select's dropdown: the customer filter
  timings.selectDropdown = await medianOf(TRIES, async () => {
    const ms = await timeOpening(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden)', () => page.getByTestId('order-filter-customer').click());
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    return ms;
  });

  // the order's detail drawer, with the order in it, then its issue dialog (the drawer open)
  const closeDrawer = async () => {
    await page.getByTestId('order-detail').locator('.ant-drawer-close').click();
    await expect(page.getByTestId('order-detail')).toBeHidden();
  };
  timings.detailDrawer = await medianOf(TRIES, async () => {
    const ms = await timeOpening(page, '[data-testid="order-detail-header"]', () => page.getByTestId(`order-no-${order.orderNo}`).click());
    await closeDrawer();
    return ms;
  });
  await page.getByTestId(`order-no-${order.orderNo}`).click();
  await expect(page.getByTestId('order-detail-header')).toBeVisible();
  timings.issueDialog = await medianOf(TRIES, async () => {
    const ms = await timeOpening(page, '[data-testid="order-bbs-dialog"]', () => page.getByTestId('order-detail-bbs').click());
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('order-bbs-dialog')).toBeHidden();
    return ms;
  });
  await closeDrawer();

  // the avatar menu (opens on hover; the pointer first leaves, over the page, until the menu has closed)
  timings.avatarMenu = await medianOf(TRIES, async () => {
    await page.mouse.move(600, 500);
    await expect(page.getByTestId('avatar-sign-out')).toBeHidden();
    return timeOpening(page, '[data-testid="avatar-sign-out"]', () => page.getByTestId('avatar-dropdown').hover());
  });

  // the machine's load beside the timings: a slow run on a busy machine reads differently from a slow screen
  console.log(
    `interaction timings (ms, median of ${PAGE_TRIES} page loads, of ${TRIES} openings): ${JSON.stringify(timings)}; sign-in tries ${tries.signIn.join(', ')}; list tries ${tries.orderList.join(', ')}; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  test.info().annotations.push({ type: 'timings', description: JSON.stringify(timings) });
  for (const name of ['signIn', 'orderList'] as const) expect.soft(timings[name], `${name}, fully drawn`).toBeLessThanOrEqual(AIM_MS.page);
  for (const name of ['selectDropdown', 'detailDrawer', 'issueDialog', 'avatarMenu'] as const)
    expect.soft(timings[name], `${name} open after the click`).toBeLessThanOrEqual(AIM_MS.open);
});
