import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { bodyOf, envelope, mockApi } from '@/test/render';
import { endSession, startSession } from '../session';
import { ACCOUNT, LAZY, renderPortal } from '../testing';

vi.mock('../live/usePortalHub', () => ({ usePortalHub: () => undefined }));

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const keyOf = (init: RequestInit) => new Headers(init.headers).get('Idempotency-Key');

/** The ports each line offers (`portal/ports?line=`): loading (start) and discharge (end). */
const PORTS: Record<string, unknown[]> = {
  dedicatedline: [
    { id: 3, code: 'CNNGB', name: 'Ningbo', kind: 'start' },
    { id: 9, code: 'DEHAM', name: 'Hamburg', kind: 'end' },
  ],
  smallbag: [
    { id: 4, code: 'CNSZX', name: 'Shenzhen', kind: 'start' },
    { id: 8, code: 'USLAX', name: 'Los Angeles', kind: 'end' },
  ],
};
const portsOf = (url: string) => PORTS[new URL(url, 'http://portal.test').searchParams.get('line') ?? ''];

/** A fake server: the ports by line, and `prealert` for the pre-alert itself. */
function serve(prealert: (init: RequestInit) => Promise<Response> | Response) {
  const api = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/portal/me')) return envelope(ACCOUNT);
    return url.includes('/portal/ports') ? envelope(portsOf(url)) : prealert(init);
  });
  vi.stubGlobal('fetch', api);
  return api;
}

/** Picks the line, waits for its ports and picks them. */
async function pickRoute(line: string, pol: string, pod: string) {
  fill('线路', line);
  const loading = await screen.findByRole<HTMLOptionElement>('option', { name: pol }, LAZY);
  fill('起运港', loading.value);
  fill('目的港', screen.getByRole<HTMLOptionElement>('option', { name: pod }).value);
}

async function fillShipment(line: string, pol: string, pod: string) {
  await pickRoute(line, pol, pod);
  fill('收货人', 'Nordhafen GmbH');
  fill('货物品名', 'LED lamps');
  fill('件数', '12');
}

const prealertsSent = (api: ReturnType<typeof serve>) => api.mock.calls.filter(([url]) => url.endsWith('/portal/prealerts'));

describe('the pre-alert form', () => {
  beforeEach(() => {
    setLanguage('zh');
    startSession('portal-token');
  });
  afterEach(() => endSession('signedOut'));

  it('asks for line, ports, consignee, goods and a whole number of packages; weight is optional but a positive figure', async () => {
    const api = mockApi({ '/portal/me': () => ACCOUNT });
    renderPortal('/prealert');
    fireEvent.click(await screen.findByTestId('portal-prealert-submit', undefined, LAZY));
    // the ports are the line's: none to pick before it
    expect(screen.getAllByRole('option', { name: '请先选择线路' })).toHaveLength(2);
    for (const text of ['请填写线路', '请填写起运港', '请填写目的港', '请填写收货人', '请填写货物品名', '件数须为 1 到 100000 的整数'])
      expect(screen.getByText(text)).toBeTruthy();

    fill('件数', '2.5');
    fill('重量 (kg) · 选填', '-3');
    fireEvent.click(screen.getByTestId('portal-prealert-submit'));
    expect(screen.getByText('件数须为 1 到 100000 的整数')).toBeTruthy();
    expect(screen.getByText('重量须为大于 0 的数字（最多 3 位小数）')).toBeTruthy();
    expect(api.mock.calls.map(([url]) => url)).toEqual(['/api/v1/portal/me']);
  });

  it('books once under one Idempotency-Key however often it is tapped, and shows the order number it got', async () => {
    // the server answers only once both taps are in
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = serve(async () => {
      await answered;
      return envelope({ line: 'dedicatedline', id: 77, orderNo: 'DL2611290007' });
    });
    renderPortal('/prealert');
    await screen.findByTestId('portal-prealert-submit', undefined, LAZY);
    await fillShipment('dedicatedline', 'Ningbo (CNNGB)', 'Hamburg (DEHAM)');
    fill('重量 (kg) · 选填', '350.5');
    const form = screen.getByTestId('portal-prealert-submit').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    answer();

    expect(await screen.findByText('订单号 DL2611290007', undefined, LAZY)).toBeTruthy();
    const sends = prealertsSent(api);
    expect(sends.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sends.map(([, init]) => keyOf(init))).size).toBe(1);
    expect(keyOf(sends[0][1])).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(sends[0][1])).toEqual({
      line: 'dedicatedline',
      pol: 3,
      pod: 9,
      consignee: 'Nordhafen GmbH',
      goods: 'LED lamps',
      packages: 12,
      weight: 350.5,
    });
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/orders/dedicatedline/77');
  });

  it('a new pre-alert after one was booked goes under a new key (it is another shipment)', async () => {
    const api = serve(() => envelope({ line: 'smallbag', id: 1, orderNo: 'SB1' }));
    renderPortal('/prealert');
    for (let round = 0; round < 2; round++) {
      await screen.findByTestId('portal-prealert-submit', undefined, LAZY);
      await fillShipment('smallbag', 'Shenzhen (CNSZX)', 'Los Angeles (USLAX)');
      fireEvent.click(screen.getByTestId('portal-prealert-submit'));
      await screen.findByTestId('portal-prealert-booked', undefined, LAZY);
      if (round === 0) fireEvent.click(screen.getByText('再预报一票'));
    }
    const keys = prealertsSent(api).map(([, init]) => keyOf(init));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('offers no pre-alert tab to an account an administrator took pre-alerts from', async () => {
    mockApi({
      '/portal/me': () => ({ ...ACCOUNT, permissionCodes: ['wechat:orderList', 'wechat:track'] }),
      '/portal/amounts': () => ({ totals: [], list: [] }),
    });
    renderPortal('/amounts');
    expect(await screen.findByText('暂无未结款项', undefined, LAZY)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: '预报' })).toBeNull());
    expect(screen.getByRole('link', { name: '待付款' })).toBeTruthy();
  });

  it("shows the server's refusal under its field", async () => {
    serve(
      () =>
        new Response(JSON.stringify({ success: false, code: 400, message: JSON.stringify({ pod: ['目的港已停用'] }), data: null }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderPortal('/prealert');
    await screen.findByTestId('portal-prealert-submit', undefined, LAZY);
    await fillShipment('smallbag', 'Shenzhen (CNSZX)', 'Los Angeles (USLAX)');
    fireEvent.click(screen.getByTestId('portal-prealert-submit'));
    await waitFor(() => expect(screen.getByLabelText('目的港').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('目的港已停用').length).toBeGreaterThan(0);
  });
});
