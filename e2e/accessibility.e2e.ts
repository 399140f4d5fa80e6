import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, prepareSmallbagOrder, signedInPage, signIn } from './helpers';

/**
 * Accessibility (issue 31, item 7): axe finds no critical or serious violation on the sign-in page, the
 * workbench, an order list, an order's detail and the arrears. Each failure names the rule and where.
 */
test('login, workbench, an order list, an order detail and the arrears have no critical or serious axe violation', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, 'admin', 'admin123');
  const { addOrder } = await prepareSmallbagOrder(admin, { zh: '无障碍港', en: 'Access' }, 'E2E 无障碍客户');
  const sales = await signedInPage(browser, 'sales01', 'demo123');
  const order = await addOrder(sales);
  await sales.context().close();
  await admin.context().close();

  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expectNoSeriousViolations(page, 'login');

  await signIn(page, 'admin', 'admin123');
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeAttached();
  await expect(page.locator('.ant-card').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'workbench');

  await page.goto('/smallbag/all');
  const number = page.getByTestId(`order-no-${order.orderNo}`);
  await expect(number).toBeVisible();
  await expectNoSeriousViolations(page, 'order list');

  await number.click();
  const drawer = page.getByTestId('order-detail');
  await expect(drawer.getByText(order.orderNo).first()).toBeVisible();
  await expect(drawer.locator('.ant-spin-spinning')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'order detail');

  await page.goto('/finance/arrears');
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'arrears');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the shell names the page as the desktop's tab does, the line told apart, in its one main landmark and h1, with no serious axe violation", async ({
    page,
  }) => {
    await signIn(page, 'admin', 'admin123');
    await page.goto('/smallbag/all');
    await expect(page.getByTestId('mobile-notice')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('小包专线·全部订单');
    await expect(page).toHaveTitle(/^小包专线·全部订单 - /);
    await expectNoSeriousViolations(page, 'phone');
  });
});
