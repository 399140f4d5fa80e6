import { expect, test, type Page } from '@playwright/test';
import { prepareSmallbagOrder, signedInPage } from './helpers';

/**
 * How fast the screens answer (issue 31, item 6), timed in the page itself: from the user's input (the first
 * pointer event of the click or hover, seen before the page's own handlers) to the first animation frame in
 * which what it opens is on screen, so the test's own round trips are not counted. Issue 31's aims: sign-in to
 * a drawn workbench and an order list's full load within 1.2 s; a menu, dropdown, drawer or dialog within
 * 300 ms. Not all met yet: measured on a quiet machine sign-in 2.32 s, the order list 2.14 s, the dropdown
 * 75 ms, the drawer 184 ms, the issue dialog 424 ms, the avatar menu 233 ms (150 ms of it antd's hover
 * delay). With antd's styles built rather than generated in the browser and the order drawer's code loaded
 * after a list's rows (28 Nov), on the 2-core machine under a load of 6 from other suites: sign-in 1.02 s
 * (aim met), the order list 1.55 s (not yet), the dropdown 77 ms, the drawer 188 ms, the issue dialog 133 ms,
 * the avatar menu 301 ms; under a load of 13–15 sign-in 1.5–2.1 s and the list 2.8–3.0 s. With a preloaded
 * dialog rendered without React.lazy's suspension and a restored tab rendered only when shown, quiet: sign-in
 * 0.95–1.23 s, the order list 1.30–1.67 s (the one aim not met), the issue dialog 60–116 ms. Until all are met,
 * each timing is reported against its aim and held under a ceiling that catches a regression (about twice
 * what the busy machine measured), so the suite stays a true gate.
 */
const AIM_MS = { page: 1200, open: 300 };
const CEILING_MS = { page: 5000, open: 1000 };

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

test('sign-in, an order list, and the menus, dropdowns, drawers and dialogs answer within their budgets', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, 'admin', 'admin123');
  const { addOrder } = await prepareSmallbagOrder(admin, { zh: '计时港', en: 'Timing' }, 'E2E 计时客户');
  const sales = await signedInPage(browser, 'sales01', 'demo123');
  const order = await addOrder(sales);
  await sales.context().close();
  await admin.context().close();
  const timings: Record<string, number> = {};

  // sign-in: from the click on 登录 to the workbench drawn (its first card)
  await page.goto('/login');
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  timings.signIn = await timeOpening(page, '.app-content .ant-card', () => page.getByTestId('login-submit').click());
  await expect(page).toHaveURL(/\/index$/);

  // an order list's full load: from the start of the navigation (a fresh page) to the first frame showing
  // its rows with the table's loading spinner gone
  await page.addInitScript(() => {
    if (location.pathname !== '/smallbag/all') return;
    const shown = () => {
      const rows = document.querySelector('.app-content tr.ant-table-row');
      if (rows && !document.querySelector('.app-content .ant-table .ant-spin-spinning'))
        (window as unknown as { __listShown: number }).__listShown = performance.now();
      else requestAnimationFrame(shown);
    };
    requestAnimationFrame(shown);
  });
  await page.goto('/smallbag/all');
  await expect(page.getByTestId(`order-no-${order.orderNo}`)).toBeVisible();
  timings.orderList = Math.round((await (await page.waitForFunction(() => (window as unknown as { __listShown?: number }).__listShown)).jsonValue()) as number);

  // a select's dropdown: the customer filter
  timings.selectDropdown = await timeOpening(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden)', () =>
    page.getByTestId('order-filter-customer').click(),
  );
  await page.keyboard.press('Escape');

  // the order's detail drawer, with the order in it
  timings.detailDrawer = await timeOpening(page, '[data-testid="order-detail-header"]', () => page.getByTestId(`order-no-${order.orderNo}`).click());

  // the order's issue dialog
  timings.issueDialog = await timeOpening(page, '[data-testid="order-bbs-dialog"]', () => page.getByTestId('order-detail-bbs').click());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-bbs-dialog')).toBeHidden();
  await page.getByTestId('order-detail').locator('.ant-drawer-close').click();
  await expect(page.getByTestId('order-detail')).toBeHidden();

  // the avatar menu (opens on hover; the pointer first leaves where the drawer's button was, over the avatar)
  await page.mouse.move(600, 500);
  timings.avatarMenu = await timeOpening(page, '[data-testid="avatar-sign-out"]', () => page.getByTestId('avatar-dropdown').hover());

  console.log(`interaction timings (ms): ${JSON.stringify(timings)}`);
  const pages = ['signIn', 'orderList'] as const;
  const openings = ['selectDropdown', 'detailDrawer', 'issueDialog', 'avatarMenu'] as const;
  const missed = [...pages.filter((name) => timings[name] > AIM_MS.page), ...openings.filter((name) => timings[name] > AIM_MS.open)];
  test.info().annotations.push({ type: 'timings', description: `${JSON.stringify(timings)}; over the aim: ${missed.join(', ') || 'none'}` });
  for (const name of pages) expect.soft(timings[name], `${name}, fully drawn`).toBeLessThanOrEqual(CEILING_MS.page);
  for (const name of openings) expect.soft(timings[name], `${name} open after the click`).toBeLessThanOrEqual(CEILING_MS.open);
});
