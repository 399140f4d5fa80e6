import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { bodyOf, envelope, mockApi } from '@/test/render';
import { endSession, startSession } from '../session';
import { renderPortal } from '../testing';

vi.mock('../live/usePortalHub', () => ({ usePortalHub: () => undefined }));

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const keyOf = (init: RequestInit) => new Headers(init.headers).get('Idempotency-Key');

describe('the pre-alert form', () => {
  beforeEach(() => {
    setLanguage('zh');
    startSession('portal-token');
  });
  afterEach(() => endSession('signedOut'));

  it('asks for line, ports, consignee, goods and a whole number of packages; weight is optional but a positive figure', async () => {
    const api = mockApi({});
    renderPortal('/prealert');
    fireEvent.click(await screen.findByTestId('portal-prealert-submit'));
    for (const text of ['请填写线路', '请填写起运港', '请填写目的港', '请填写收货人', '请填写货物品名', '件数须为 1 到 99999 的整数'])
      expect(screen.getByText(text)).toBeTruthy();

    fill('件数', '2.5');
    fill('重量 (kg) · 选填', '-3');
    fireEvent.click(screen.getByTestId('portal-prealert-submit'));
    expect(screen.getByText('件数须为 1 到 99999 的整数')).toBeTruthy();
    expect(screen.getByText('重量须为大于 0 的数字（最多 3 位小数）')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('books once under one Idempotency-Key however often it is tapped, and shows the order number it got', async () => {
    // the server answers only once both taps are in
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = vi.fn(async (_url: string, _init: RequestInit) => {
      await answered;
      return envelope({ line: 'dedicatedline', id: 77, orderNo: 'DL2611290007' });
    });
    vi.stubGlobal('fetch', api);
    renderPortal('/prealert');
    await screen.findByTestId('portal-prealert-submit');
    fill('线路', 'dedicatedline');
    fill('起运港', 'Ningbo');
    fill('目的港', 'Hamburg');
    fill('收货人', 'Nordhafen GmbH');
    fill('货物品名', 'LED lamps');
    fill('件数', '12');
    fill('重量 (kg) · 选填', '350.5');
    const form = screen.getByTestId('portal-prealert-submit').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    answer();

    expect(await screen.findByText('订单号 DL2611290007')).toBeTruthy();
    const sends = api.mock.calls.filter(([url]) => String(url).endsWith('/portal/prealerts'));
    expect(sends.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sends.map(([, init]) => keyOf(init))).size).toBe(1);
    expect(keyOf(sends[0][1])).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(sends[0][1])).toEqual({
      line: 'dedicatedline',
      pol: 'Ningbo',
      pod: 'Hamburg',
      consignee: 'Nordhafen GmbH',
      goods: 'LED lamps',
      packages: 12,
      weight: 350.5,
    });
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/orders/dedicatedline/77');
  });

  it('a new pre-alert after one was booked goes under a new key (it is another shipment)', async () => {
    const api = mockApi({ '/portal/prealerts': () => ({ line: 'smallbag', id: 1, orderNo: 'SB1' }) });
    renderPortal('/prealert');
    const send = async () => {
      await screen.findByTestId('portal-prealert-submit');
      for (const [label, value] of [
        ['线路', 'smallbag'],
        ['起运港', 'Shenzhen'],
        ['目的港', 'LAX'],
        ['收货人', 'Acme'],
        ['货物品名', 'Toys'],
        ['件数', '3'],
      ])
        fill(label, value);
      fireEvent.click(screen.getByTestId('portal-prealert-submit'));
      await screen.findByTestId('portal-prealert-booked');
    };
    await send();
    fireEvent.click(screen.getByText('再预报一票'));
    await send();
    const keys = api.mock.calls.filter(([url]) => String(url).endsWith('/portal/prealerts')).map(([, init]) => keyOf(init));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("shows the server's refusal under its field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 400, message: JSON.stringify({ pod: ['目的港不存在'] }), data: null }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderPortal('/prealert');
    await screen.findByTestId('portal-prealert-submit');
    for (const [label, value] of [
      ['线路', 'smallbag'],
      ['起运港', 'Shenzhen'],
      ['目的港', 'Nowhere'],
      ['收货人', 'Acme'],
      ['货物品名', 'Toys'],
      ['件数', '3'],
    ])
      fill(label, value);
    fireEvent.click(screen.getByTestId('portal-prealert-submit'));
    await waitFor(() => expect(screen.getAllByText(/目的港不存在/).length).toBeGreaterThan(0));
  });
});
