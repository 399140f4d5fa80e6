import { expect as baseExpect, test, type Page } from '@playwright/test';
import { clickForSuccess, moveSmallbagOrderOn, signIn } from './helpers';

// every step waits on the server, which shares a busy machine with other runs
const expect = baseExpect.configure({ timeout: 30_000 });

/** The table row of an order on the current list screen. */
const orderRow = (page: Page, orderNo: string) => page.locator('tr.ant-table-row', { hasText: orderNo });

/** Calls the API as the signed-in user (the setup a person would do on other screens). */
async function api<T>(page: Page, method: 'PUT' | 'POST', url: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api/v1${url}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(body.success, `${method} ${url}: ${body.message}`).toBe(true);
  return body.data;
}

/** Picks an option of an antd select by its text. */
async function choose(page: Page, testId: string, option: string, type?: string) {
  await page.getByTestId(testId).click();
  if (type) await page.keyboard.type(type);
  await page.locator('.ant-select-dropdown:visible').getByText(option).click();
}

/** Sets an antd date-time picker to now (its 此刻 button). */
async function pickNow(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-now-btn').click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(page.getByTestId(testId)).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
}

test.describe('orders', () => {
  test('registers a small parcel order and moves it through every stage to delivery, holds it, finds it and prints its labels', async ({ page }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const company = `E2E 订单客户 ${stamp}`;
    await signIn(page, 'admin', 'admin123');

    // an approved customer and the line's ports, made on their own screens' API
    const customer = await api<{ id: number; ver: number }>(page, 'PUT', '/customers/add', { companyName: company, contactName: '韩梅梅' });
    await api(page, 'POST', '/customers/check', { id: customer.id, ver: customer.ver, approved: true });
    const letters = stamp
      .replace(/[^A-Z]/g, '')
      .padEnd(3, 'Q')
      .slice(-3);
    await api(page, 'PUT', '/port/add', {
      shipType: 'smallbag',
      kind: 'start',
      code: `CN${letters}`,
      nameZh: `深圳${stamp}`,
      nameEn: `Shenzhen ${stamp}`,
      country: 'CN',
    });
    await api(page, 'PUT', '/port/add', {
      shipType: 'smallbag',
      kind: 'end',
      code: `US${letters}`,
      nameZh: `洛杉矶${stamp}`,
      nameEn: `Los Angeles ${stamp}`,
      country: 'US',
    });

    // the registration form checks what the server checks, then registers the order and opens All
    await page.goto('/smallbag/add');
    await page.getByTestId('order-submit').click();
    await expect(page.getByText('请选择客户')).toBeVisible();
    await expect(page.getByText('请输入品名')).toBeVisible();
    await choose(page, 'order-customer', company, stamp);
    await choose(page, 'order-origin', `深圳${stamp}`);
    await choose(page, 'order-destination', `洛杉矶${stamp}`);
    await page.getByTestId('order-goods').fill('蓝牙耳机');
    await page.getByTestId('order-packages').fill('1.5');
    await page.getByTestId('order-submit').click();
    await expect(page.getByText('件数须为正整数')).toBeVisible();
    await page.getByTestId('order-packages').fill('12');
    await page.getByTestId('order-gross-weight').fill('86.5');
    await page.getByTestId('order-volume').fill('0.62');
    await page.getByTestId('order-consignee').fill('John Smith');
    await page.getByTestId('order-delivery-address').fill('100 Main St, Los Angeles, CA');
    await page.getByTestId('order-submit').click();
    const added = page.locator('.ant-message').getByText(/订单 SB\d{10} 已登记/);
    await expect(added).toBeVisible();
    const orderNo = /SB\d{10}/.exec((await added.textContent()) ?? '')![0];
    await expect(page).toHaveURL(/\/smallbag\/all$/);
    const registered = orderRow(page, orderNo);
    await expect(registered).toContainText('已登记');
    // the goods are out of the default columns (列设置 shows them); the customer is in
    await expect(registered).toContainText(company);

    // a new order moves from the All screen; then each stage screen moves it on
    await registered.locator('.ant-checkbox-input').check();
    await page.getByTestId('order-batch-upgrade').click();
    await expect(page.getByTestId('order-upgrade-dialog')).toContainText('此阶段无需填写数据');
    await page.getByTestId('order-upgrade-submit').click();
    await expect(page.getByText('已将 1 个订单升级到“入仓”')).toBeVisible();

    await moveSmallbagOrderOn(page, 'warehouse', orderNo, '准备装柜');
    await moveSmallbagOrderOn(page, 'prepareCabinet', orderNo, '完成装柜', async () => {
      // the container and the seal are required for a sea order (once the dialog shows their fields)
      await expect(page.getByTestId('order-upgrade-containerNo')).toBeVisible();
      await page.getByTestId('order-upgrade-submit').click();
      await expect(page.getByText('请输入柜号')).toBeVisible();
      await page.getByTestId('order-upgrade-containerNo').fill('MSCU1234566');
      await page.getByTestId('order-upgrade-sealNo').fill('SEAL8899');
    });
    await moveSmallbagOrderOn(page, 'completeCabinet', orderNo, '报关', async () => {
      await page.getByTestId('order-upgrade-customsDeclarationNo').fill('530120261122000001');
    });
    await moveSmallbagOrderOn(page, 'customs', orderNo, '开船', async () => {
      await page.getByTestId('order-upgrade-vesselVoyage').fill('EVER GIVEN 021E');
      await pickNow(page, 'order-upgrade-etd');
    });
    const sailed = orderRow(page, orderNo);
    await page.goto('/smallbag/sail');
    // the container shows its number, the seal on hover; the voyage is out of the default columns
    await expect(sailed).toContainText('MSCU1234566');
    await expect(sailed.locator('[title="MSCU1234566 / SEAL8899"]')).toHaveCount(1);
    await moveSmallbagOrderOn(page, 'sail', orderNo, '到港');
    await moveSmallbagOrderOn(page, 'arriveCabinet', orderNo, '拆柜');
    await moveSmallbagOrderOn(page, 'dismantleCabinet', orderNo, '开始派送');
    await moveSmallbagOrderOn(page, 'startDelivery', orderNo, '完成派送');
    await page.goto('/smallbag/completeDelivery');
    const delivered = orderRow(page, orderNo);
    await expect(delivered).toHaveCount(1);

    // marked abnormal it leaves the stage screen; revoked on the abnormal screen it is back
    await page.getByTestId(`order-abnormal-${orderNo}`).click();
    await page.getByTestId('order-reason-submit').click();
    await expect(page.getByText('请输入原因（最多 500 个字符）')).toBeVisible();
    await page.getByTestId('order-reason').fill('外箱破损，待客户确认');
    await clickForSuccess(page, page.getByTestId('order-reason-submit'));
    await expect(orderRow(page, orderNo)).toHaveCount(0);
    await page.goto('/smallbag/abnormal');
    const abnormal = orderRow(page, orderNo);
    await expect(abnormal).toContainText('外箱破损，待客户确认');
    await abnormal.getByRole('button', { name: '撤销异常' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(orderRow(page, orderNo)).toHaveCount(0);
    await page.goto('/smallbag/completeDelivery');
    await expect(orderRow(page, orderNo)).toHaveCount(1);

    // the top-bar search lands on the line's All screen, filtered by the word
    await page.getByTestId('topbar-search').click();
    await expect(page.getByTestId('search-word')).toBeVisible();
    await choose(page, 'search-type', '小包专线');
    await page.getByTestId('search-word').fill(orderNo);
    await page.getByTestId('search-submit').click();
    await expect(page).toHaveURL(/\/smallbag\/all$/);
    // (the screens visited before stay open, hidden, in their tabs)
    const all = page.getByTestId('order-list-smallbag-all');
    await expect(all.getByTestId('order-filter-key')).toHaveValue(orderNo);
    await expect(all.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(all.locator('tr.ant-table-row')).toContainText('派送完成');

    // its issue board opens from the row
    await all.getByTestId(`order-issues-${orderNo}`).click();
    await expect(page.getByRole('dialog').filter({ hasText: `${orderNo}` })).toBeVisible();
    await page.keyboard.press('Escape');

    // its labels print as a PDF from the top bar
    await page.getByTestId('topbar-label').click();
    await page.getByTestId('label-numbers').fill(orderNo);
    const download = page.waitForEvent('download');
    await page.getByTestId('label-pdf').click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});
