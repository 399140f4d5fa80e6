import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@/test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessProvider } from '@/shared/permission';
import { setLanguage } from '@/shared/i18n';
import { setTokens } from '@/shared/request';
import { OrderDetailDrawer } from '../OrderDetailDrawer';
import type { OrderDetail } from './api';

const WAIT = { timeout: 5000 };

const ORDER: OrderDetail = {
  id: 7,
  orderNo: 'DL2611220001',
  shipType: 'dedicatedline',
  stage: 'warehouse',
  sideState: 'abnormal',
  sideReason: '外箱破损',
  customerId: 3,
  customerCode: 'C0003',
  customerName: '环球贸易',
  salesmanId: 2,
  salesmanName: '销售一',
  operatorId: null,
  originPortId: 1,
  destinationPortId: 2,
  originPort: { id: 1, code: 'CNSHA', nameZh: '上海', nameEn: 'Shanghai' },
  destinationPort: { id: 2, code: 'DEHAM', nameZh: '汉堡', nameEn: 'Hamburg' },
  channel: null,
  goodsName: '服装',
  packages: 3,
  grossWeight: 120.5,
  volume: 1.2,
  chargeableWeight: 240,
  declaredValue: null,
  currency: null,
  shippingMark: 'A-DL2611220001',
  consignee: null,
  consigneePhone: null,
  deliveryAddress: null,
  remark: null,
  containerNo: null,
  sealNo: null,
  waybillNo: null,
  customsDeclarationNo: null,
  vesselVoyage: null,
  flightNo: null,
  billOfLadingNo: null,
  etd: null,
  eta: null,
  arrivedAt: null,
  deliveredAt: null,
  cargoComplete: false,
  cargoCompletedAt: null,
  warehouseLocation: null,
  receivedAt: null,
  agentName: null,
  agentContact: null,
  agentPhone: null,
  agentEmail: null,
  agentAddress: null,
  agentRemark: null,
  fromPortal: false,
  portalCheckedAt: null,
  createdBy: 2,
  createdAt: '2026-11-22T01:00:00.000Z',
  updatedAt: '2026-11-22T01:00:00.000Z',
  ver: 4,
};

function envelope(data: unknown, status = 200, message = '') {
  return new Response(JSON.stringify({ success: status < 400, code: status, message, data }), { status, headers: { 'content-type': 'application/json' } });
}

let current: OrderDetail;
let tracks: unknown[] = [];
let priceAnswer: unknown = null;
const trackEvent = (id: number, content: string, occurredAt: string) => ({
  id,
  orderId: ORDER.id,
  kind: 'manual',
  stage: 'warehouse',
  content,
  location: null,
  occurredAt,
  createdBy: 2,
  createdAt: occurredAt,
  updatedAt: occurredAt,
  ver: 1,
});
const fetchMock = vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
  const path = url.replace('/api/v1', '');
  if (path === `/order/detail/${ORDER.id}`) return envelope(current);
  if (path === `/order/track/list/${ORDER.id}`) return envelope(tracks);
  if (path === `/order/tracking/${ORDER.id}`)
    return envelope({ orderId: ORDER.id, token: 'T'.repeat(22), url: null, revoked: false, views: 0, lastViewedAt: null });
  if (path === '/order/enum/shipType') return envelope([{ id: 2, key: 'dedicatedline', value: 'dedicatedline', text: '专线' }]);
  if (path === `/order/price/${ORDER.id}`) return envelope(priceAnswer);
  if (path === '/order/all/update') {
    const body = JSON.parse(String(init.body)) as { ver: number };
    if (body.ver !== current.ver) return envelope(null, 409, '数据已被他人修改，请刷新后重试');
    current = { ...current, ...body, ver: current.ver + 1 };
    return envelope(current);
  }
  if (path.startsWith('/dict/detail/item/')) return envelope([]);
  if (path === `/order/bbs/list/${ORDER.id}`) return envelope([]);
  throw new Error(`unexpected ${path}`);
});

function renderDrawer(permissions: string[]) {
  const onChanged = vi.fn();
  render(
    <App>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AccessProvider value={{ roles: [], permissions, isSuperAdmin: false }}>
          <OrderDetailDrawer orderId={ORDER.id} onClose={() => undefined} onChanged={onChanged} />
        </AccessProvider>
      </QueryClientProvider>
    </App>,
  );
  return { onChanged };
}

const updateCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.endsWith('/order/all/update')).map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  current = { ...ORDER };
  tracks = [];
  priceAnswer = { quote: null, reason: '该日期没有适用的价格' };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ token: 'access', refreshToken: 'refresh' });
  setLanguage('zh');
});

// antd renders slowly under jsdom: each test gets time for the drawer, its tabs and a save round trip.
describe('the order detail drawer', { timeout: 30_000 }, () => {
  it('heads with the number, line, stage and side state, and shows only the tabs the user may see', async () => {
    renderDrawer(['order:detail']);
    const header = await screen.findByTestId('order-detail-header', {}, WAIT);
    expect(header.textContent).toContain('DL2611220001');
    await waitFor(() => expect(header.textContent).toContain('专线'), WAIT);
    expect(header.textContent).toContain('入仓');
    expect(header.textContent).toContain('异常');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['基本信息', '货物', '单证', '代理', '物流轨迹']);
    expect(screen.queryByTestId('order-edit')).toBeNull();
    expect(screen.getByTestId('order-facts').textContent).toContain('外箱破损');
  });

  it('opens the order’s issue board from its header for holders of order:bbs only', async () => {
    renderDrawer(['order:detail', 'order:bbs']);
    fireEvent.click(await screen.findByTestId('order-detail-bbs', {}, WAIT));
    expect(await screen.findByText('DL2611220001 问题报备', {}, WAIT)).toBeTruthy();
  });

  it('offers no issue board without order:bbs', async () => {
    renderDrawer(['order:detail']);
    await screen.findByTestId('order-detail-header', {}, WAIT);
    expect(screen.queryByTestId('order-detail-bbs')).toBeNull();
  });

  it('offers work records and the quotation to their holders, the quotation giving the reason when there is none', async () => {
    renderDrawer(['order:detail', 'order:work', 'order:price']);
    await screen.findByTestId('order-detail-header', {}, WAIT);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('报价');
    fireEvent.click(screen.getByRole('tab', { name: '报价' }));
    expect((await screen.findByTestId('order-price-reason', {}, WAIT)).textContent).toContain('该日期没有适用的价格');
  });

  it('shows the quote’s amounts with two decimals and separators, as the charges show theirs', async () => {
    priceAnswer = {
      quote: {
        channel: 'DHL',
        validFrom: '2026-11-01',
        validTo: '2026-11-30',
        quantity: '99.5',
        unit: 'kg',
        unitPrice: '12.3456',
        minCharge: '300',
        amount: '1194',
        currency: 'CNY',
        minChargeApplied: false,
      },
      reason: null,
    };
    renderDrawer(['order:detail', 'order:price']);
    await screen.findByTestId('order-detail-header', {}, WAIT);
    fireEvent.click(screen.getByRole('tab', { name: '报价' }));
    const quote = await screen.findByTestId('order-price', {}, WAIT);
    expect(quote.textContent).toContain('1,194.00 CNY');
    expect(quote.textContent).toContain('300.00 CNY');
    expect(quote.textContent).toContain('12.3456 CNY/kg');
  });

  it('lists the timeline newest first', async () => {
    // the server answers oldest first
    tracks = [
      trackEvent(1, '货物已入仓', '2026-11-20T01:00:00.000Z'),
      trackEvent(2, '货物已装柜', '2026-11-21T01:00:00.000Z'),
      trackEvent(3, '已开船', '2026-11-22T01:00:00.000Z'),
    ];
    renderDrawer(['order:detail']);
    fireEvent.click(await screen.findByRole('tab', { name: '物流轨迹' }, WAIT));
    const timeline = await screen.findByTestId('track-timeline', {}, WAIT);
    await waitFor(() => expect(timeline.textContent).toContain('货物已入仓'), WAIT);
    const text = timeline.textContent ?? '';
    expect(text.indexOf('已开船')).toBeLessThan(text.indexOf('货物已装柜'));
    expect(text.indexOf('货物已装柜')).toBeLessThan(text.indexOf('货物已入仓'));
  });

  it('saves only the changed fields with the order ver', async () => {
    const { onChanged } = renderDrawer(['order:detail', 'order:modify']);
    fireEvent.click(await screen.findByTestId('order-edit', {}, WAIT));
    const form = screen.getByTestId('order-form');
    fireEvent.change(within(form).getByTestId('order-consignee'), { target: { value: ' ACME GmbH ' } });
    fireEvent.click(screen.getByTestId('order-save'));
    await waitFor(() => expect(updateCalls()).toEqual([{ id: 7, ver: 4, consignee: 'ACME GmbH' }]), WAIT);
    await waitFor(() => expect(onChanged).toHaveBeenCalled(), WAIT);
    await waitFor(() => expect(screen.getByTestId('order-facts').textContent).toContain('ACME GmbH'), WAIT);
  });

  it('reloads the order when the save is refused as stale (409)', async () => {
    renderDrawer(['order:detail', 'order:modify']);
    fireEvent.click(await screen.findByTestId('order-edit', {}, WAIT));
    // someone else saves meanwhile
    current = { ...current, goodsName: '鞋子', ver: 5 };
    fireEvent.change(within(screen.getByTestId('order-form')).getByTestId('order-goodsName'), { target: { value: '帽子' } });
    fireEvent.click(screen.getByTestId('order-save'));
    await waitFor(() => expect(updateCalls()[0]).toMatchObject({ ver: 4 }), WAIT);
    await waitFor(() => expect(screen.getByTestId('order-facts').textContent).toContain('鞋子'), WAIT);
    expect(screen.getByText('订单已被他人修改，已重新加载最新数据')).toBeTruthy();
  });
});
