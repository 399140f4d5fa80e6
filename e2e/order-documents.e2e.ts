import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clickForSuccess, signIn, waitForNotificationsToClose } from './helpers';

type Envelope<T> = { success: boolean; message: string; data: T };

/** The API as the signed-in browser calls it, with the session's token. */
function apiOf(page: Page, request: APIRequestContext) {
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const response = await request[method](`/api/v1${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as Envelope<T>;
    expect(body.success, `${method.toUpperCase()} ${path}: ${body.message}`).toBe(true);
    return body.data;
  };
  return {
    get: <T>(path: string) => call<T>('get', path),
    post: <T>(path: string, data?: unknown) => call<T>('post', path, data ?? {}),
    put: <T>(path: string, data: unknown) => call<T>('put', path, data),
  };
}

type Api = ReturnType<typeof apiOf>;
type Page_<T> = { items: T[] };

/** An enabled port of the line at that end, added when the fresh database has none. */
async function portOf(api: Api, shipType: string, kind: 'start' | 'end', code: string): Promise<number> {
  const found = await api.post<Page_<{ id: number }>>('/port/list', { shipType, kind, enabled: true, pageSize: 1 });
  if (found.items[0]) return found.items[0].id;
  return (await api.put<{ id: number }>('/port/add', { shipType, kind, code, nameZh: code, nameEn: code, country: 'X' })).id;
}

/** An approved customer the admin may order for, added and approved when there is none. */
async function approvedCustomer(api: Api): Promise<number> {
  const found = await api.post<Page_<{ id: number }>>('/customers/list', { list: 'checkList', pageSize: 1 });
  if (found.items[0]) return found.items[0].id;
  const added = await api.put<{ id: number; ver: number }>('/customers/add', {
    companyName: `E2E 标签客户 ${Date.now()}`,
    contactName: '赵六',
    mobile: '13800138000',
  });
  await api.post('/customers/check', { id: added.id, ver: added.ver, approved: true });
  return added.id;
}

const ROUTES: Record<string, [string, string]> = { smallbag: ['CNSZX', 'USLAX'], dedicatedline: ['CNSHA', 'DEHAM'] };

/** Signs in as the admin and registers an order of the line through the API (docs/orders.md). */
async function adminWithOrder(page: Page, request: APIRequestContext, shipType: 'smallbag' | 'dedicatedline') {
  await signIn(page, 'admin', 'admin123');
  const api = apiOf(page, request);
  const [from, to] = ROUTES[shipType];
  const originPortId = await portOf(api, shipType, 'start', from);
  const destinationPortId = await portOf(api, shipType, 'end', to);
  const customerId = await approvedCustomer(api);
  const order = await api.put<{ id: number; orderNo: string }>(`/order/${shipType}/add`, {
    customerId,
    originPortId,
    destinationPortId,
    goodsName: '服装',
    packages: 2,
    grossWeight: 10,
    volume: 0.1,
  });
  await waitForNotificationsToClose(page);
  return { order, api };
}

test.describe('order labels', () => {
  test('the top bar label dialog exports the label data and the PDF of an order typed in', async ({ page, request }) => {
    const { order } = await adminWithOrder(page, request, 'smallbag');
    await page.getByTestId('topbar-label').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '订单标签打印' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /qrCode/ })).toBeChecked();
    await expect(dialog.getByRole('button', { name: '下载模板' })).toBeVisible();

    // nothing typed (or only blanks): nothing to print
    await dialog.getByTestId('label-numbers').fill('  \n\n ');
    await dialog.getByTestId('label-export').click();
    await expect(page.getByText('请先输入需打印的单号')).toBeVisible();

    // the number pasted among blank lines and spaces
    await dialog.getByTestId('label-numbers').fill(`\n  ${order.orderNo}  \n\n`);
    const [txt] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('label-export').click()]);
    expect(txt.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} 标签导出\.txt$/);
    expect(await readFile(await txt.path(), 'utf8')).toContain(order.orderNo);

    await dialog.getByRole('radio', { name: /barCode/ }).check();
    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('label-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test.describe('label preview', () => {
  test('previews the labels of the known numbers in Chromium, names the unknown in one warning, and the PDF reads as Chinese text', async ({
    page,
    request,
  }) => {
    const { order } = await adminWithOrder(page, request, 'dedicatedline');
    await page.getByTestId('topbar-label').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '订单标签打印' });
    await dialog.getByTestId('label-numbers').fill(`${order.orderNo}\nNOPE-E2E-1\nNOPE-E2E-2`);
    await dialog.getByTestId('label-preview').click();
    // Chromium opens the PDF in the preview's frame (its own viewer, a PDF document)
    const frame = page.getByTestId('label-preview-frame');
    await expect(frame).toBeVisible();
    await expect.poll(async () => (await frame.elementHandle())?.contentFrame().then((f) => f?.evaluate(() => document.contentType))).toBe('application/pdf');
    await expect(page.locator('.ant-message-notice').filter({ hasText: '以下 2 个单号不存在或无权查看，未生成标签：NOPE-E2E-1, NOPE-E2E-2' })).toHaveCount(1);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('label-preview-save').click()]);
    const text = execFileSync('pdftotext', [await pdf.path(), '-'], { encoding: 'utf8' });
    expect(text).toContain(order.orderNo);
    expect(text).toContain('品名 服装');
  });
});

/** The QR codes on the pages of a PDF, as a phone reads them: poppler renders the pages, zbar decodes (Debian's poppler-utils, zbar-tools). */
async function qrCodesOf(pdfFile: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fwd-labels-'));
  try {
    execFileSync('pdftoppm', ['-png', '-r', '150', pdfFile, path.join(dir, 'page')], { stdio: 'ignore' });
    const pages = (await readdir(dir)).sort().map((name) => path.join(dir, name));
    return execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', ...pages], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test.describe('the tracking link on a label', () => {
  test("a label's QR code opens, without signing in, the shipment's page in the phone's language, counted in the order detail", async ({
    page,
    request,
    browser,
  }) => {
    const { order, api } = await adminWithOrder(page, request, 'smallbag');
    await api.post('/order/track/insert', { orderId: order.id, content: '货物已由深圳仓库揽收', location: '深圳' });
    await page.getByTestId('topbar-label').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '订单标签打印' });
    await dialog.getByTestId('label-numbers').fill(order.orderNo);
    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('label-pdf').click()]);
    const codes = await qrCodesOf(await pdf.path());
    // one label per package, each the order's link with its package number
    expect(codes).toHaveLength(2);
    const link = new URL(codes[0]);
    expect(link.pathname).toMatch(/^\/t\/[A-Za-z0-9_-]{22}$/);
    expect(codes.map((code) => new URL(code).searchParams.get('p')).sort()).toEqual([`${order.orderNo}-1`, `${order.orderNo}-2`]);

    // a consignee's phone: no session, Chinese
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'zh-CN' });
    try {
      const consignee = await phone.newPage();
      const scripts: string[] = [];
      consignee.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await consignee.goto(codes[0]);
      await expect(consignee.getByRole('heading', { name: '货物跟踪' })).toBeVisible();
      await expect(consignee.getByText(order.orderNo)).toBeVisible();
      await expect(consignee.getByText('货物已由深圳仓库揽收')).toBeVisible();
      await expect(consignee.getByText('订单已创建')).toBeVisible();
      expect(scripts).toEqual([]);
      await consignee.screenshot({ path: test.info().outputPath('tracking-zh.png') });
      // the other language, a tap away
      await consignee.getByRole('link', { name: 'English' }).click();
      await expect(consignee.getByRole('heading', { name: 'Shipment tracking' })).toBeVisible();
      await expect(consignee.getByText('Order created')).toBeVisible();
    } finally {
      await phone.close();
    }

    // the order detail counts the views and can revoke the link, after which the label shows nothing
    await page.goto('/smallbag/all');
    await page.getByTestId('order-filter-no').fill(order.orderNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByTestId(`order-no-${order.orderNo}`).click();
    const drawer = page.getByTestId('order-detail');
    await drawer.getByRole('tab', { name: '物流轨迹' }).click();
    const card = drawer.getByTestId('tracking-link');
    await expect(card.getByTestId('tracking-views')).toContainText('已查看 2 次');
    await expect(card.getByTestId('tracking-url')).toContainText(link.pathname);
    await card.getByTestId('tracking-revoke').click();
    await page.getByRole('button', { name: /确\s?定/ }).click();
    await expect(card.getByText('已撤销')).toBeVisible();
    const revoked = await (await browser.newContext()).newPage();
    await revoked.goto(codes[0]);
    await expect(revoked.getByRole('heading', { name: '未找到该跟踪链接' })).toBeVisible();
    await revoked.context().close();
  });
});

test.describe('the order detail drawer', () => {
  test('registers a lot, edits the packing list with live totals, sets the agent, adds a tracking event, saves and exports the bill of lading', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { order, api } = await adminWithOrder(page, request, 'dedicatedline');
    await page.goto('/dedicatedline/all');
    await page.getByTestId(`order-no-${order.orderNo}`).click();
    const drawer = page.getByTestId('order-detail');
    await expect(drawer.getByTestId('order-detail-header')).toContainText(order.orderNo);
    await expect(drawer.getByTestId('order-detail-header')).toContainText('已登记');

    // a lot received at the warehouse, completing the cargo
    await drawer.getByRole('tab', { name: '货物' }).click();
    await expect(drawer.getByTestId('cargo-complete-state')).toContainText('货物未齐');
    await drawer.getByTestId('cargo-register').click();
    const register = page.getByTestId('cargo-register-form');
    await register.getByLabel('件数').fill('2');
    await register.getByLabel('毛重(kg)').fill('26');
    await register.getByLabel('体积(cbm)').fill('0.25');
    await register.getByLabel('库位').fill('A-01');
    await register.getByTestId('cargo-complete').check();
    await page
      .getByRole('dialog')
      .filter({ hasText: '货物登记' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(drawer.getByTestId('cargo-receipts').locator('tr.ant-table-row')).toHaveCount(1);
    await expect(drawer.getByTestId('cargo-receipts')).toContainText('A-01');
    await expect(drawer.getByTestId('cargo-complete-state')).toContainText('货物齐全');

    // packing list: 2 boxes of 60 × 40 × 50 cm, 12.5 kg each → 0.24 cbm, 25 kg, chargeable 48 kg (200 kg/cbm)
    await drawer.getByTestId('packing-add').click();
    const row = drawer.getByTestId('packing-list').locator('tr.ant-table-row').last();
    for (const [field, value] of [
      ['length', '60'],
      ['width', '40'],
      ['height', '50'],
      ['grossWeight', '12.5'],
      ['quantity', '2'],
    ]) {
      await row.getByTestId(`packing-${field}`).fill(value);
    }
    await expect(drawer.getByTestId('packing-totals')).toContainText('2 件，毛重 25 kg，体积 0.24 cbm，计费重 48 kg');
    await clickForSuccess(page, drawer.getByTestId('packing-save'));
    await drawer.getByRole('tab', { name: '基本信息' }).click();
    await expect(drawer.getByTestId('order-facts')).toContainText('48');

    // the destination agent
    await drawer.getByRole('tab', { name: '代理' }).click();
    await drawer.getByTestId('deputy-save').click();
    await expect(drawer.getByText('请输入代理名称')).toBeVisible();
    await drawer.getByTestId('deputy-name').fill('Hamburg Logistics GmbH');
    await drawer.getByTestId('deputy-save').click();
    await expect.poll(async () => (await api.get<{ agentName: string | null }>(`/order/detail/${order.id}`)).agentName).toBe('Hamburg Logistics GmbH');

    // a manual tracking event
    await drawer.getByRole('tab', { name: '物流轨迹' }).click();
    await drawer.getByTestId('track-add').click();
    await page.getByTestId('track-content').fill('货物已到达上海仓库');
    await page
      .getByRole('dialog')
      .filter({ hasText: '添加轨迹' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(drawer.getByTestId('track-timeline')).toContainText('货物已到达上海仓库');

    // the bill of lading: a draft from the order until saved, then exported
    await drawer.getByRole('tab', { name: '单证' }).click();
    await expect(drawer.getByTestId('document-state')).toContainText('未保存');
    await drawer.getByTestId('document-blNo').fill('MEDU1234567');
    await drawer.getByTestId('document-save').click();
    // the order has no consignee yet: the form asks for one
    await expect(drawer.getByText('请填写此项')).toBeVisible();
    await drawer.getByTestId('document-consignee').fill('ACME GmbH\nHafenstraße 1, Hamburg');
    await drawer.getByTestId('document-save').click();
    // the save locks the order row and rewrites the order's number: allow a busy machine its time
    await expect(drawer.getByTestId('document-state')).toContainText('已保存', { timeout: 20_000 });
    const [bill] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('document-export').click()]);
    expect(bill.suggestedFilename()).toBe(`${order.orderNo} 提单.xlsx`);
  });
});
