import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { ArrearsPage } from './ArrearsPage';

const totals = { outstanding: 2500, orders: 25, d0_30: 2500, d31_60: 0, d61_90: 0, d90plus: 0 };
const orderRows = Array.from({ length: 25 }, (_, i) => ({
  orderId: i + 1,
  orderNo: `DL26112200${String(i + 1).padStart(2, '0')}`,
  shipType: 'dedicatedline',
  customerId: (i % 11) + 1,
  customerName: `客户${(i % 11) + 1}`,
  salesmanId: 5,
  salesmanName: '张晓明',
  revenue: 100,
  received: 0,
  outstanding: 100,
  billedOn: '2026-11-20',
  ageDays: 8,
  bucket: 'd0_30',
}));
const customerRows = Array.from({ length: 11 }, (_, i) => ({
  customerId: i + 1,
  customerCode: `C${String(i + 1).padStart(6, '0')}`,
  customerName: `客户${i + 1}`,
  orders: i < 3 ? 3 : 2,
  outstanding: 200,
  d0_30: 200,
  d31_60: 0,
  d61_90: 0,
  d90plus: 0,
}));
const page = (items: unknown[], size: number, total: number) => ({
  items: items.slice(0, size),
  pageIndex: 1,
  pageSize: size,
  totalCount: total,
  totalPage: Math.ceil(total / size),
  totals,
});

/** The customers' page answers only when the test lets it. */
let answerCustomers: () => void;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  if (url.endsWith('/finance/arrears/export'))
    return new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Type': 'application/octet-stream', 'X-Export-Rows': '25' } });
  if (url.endsWith('/finance/arrears')) {
    const body = JSON.parse(String(init.body)) as { groupBy: string; pageSize: number };
    if (body.groupBy === 'customer') {
      await new Promise<void>((resolve) => (answerCustomers = resolve));
      return envelope(page(customerRows, body.pageSize, 11));
    }
    return envelope(page(orderRows, body.pageSize, 25));
  }
  return envelope([]);
});

const bodyRows = () => [...screen.getByTestId('finance-arrears').querySelectorAll('tbody tr.ant-table-row')];
const headers = () => [...screen.getByTestId('finance-arrears').querySelectorAll('thead th')].map((th) => th.textContent);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setLanguage('zh');
});

describe('the arrears page', { timeout: 20_000 }, () => {
  it('switched to 按客户 the first time shows no order rows under the customer columns while the customers load', async () => {
    renderWithProviders(<ArrearsPage />, { permissions: ['finance:arrears', 'finance:list'] });
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    fireEvent.click(within(screen.getByTestId('arrears-group-by')).getByText('按客户'));
    await waitFor(() => expect(headers()).toContain('订单数'));
    // the customers' page has not come: the table holds none of the orders' rows
    expect(bodyRows()).toHaveLength(0);
    expect(screen.getByTestId('finance-arrears').textContent).not.toContain('DL2611220001');
    answerCustomers();
    await waitFor(() => expect(bodyRows()).toHaveLength(11));
    expect(bodyRows()[0].textContent).toContain('C000001 客户1');
    expect(screen.getByTestId('finance-arrears').querySelector('.ant-pagination-total-text')?.textContent).toContain('11');
    expect(screen.getByTestId('finance-arrears').textContent).not.toContain('DL2611220001');
  });

  it("keeps each grouping's arrangement apart: its own columns are kept under a name of their own", async () => {
    renderWithProviders(<ArrearsPage />, { permissions: ['finance:arrears', 'finance:list'] });
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    fireEvent.click(within(screen.getByTestId('arrears-group-by')).getByText('按客户'));
    await waitFor(() => expect(headers()).toContain('订单数'));
    const preferenceNames = () =>
      new Set(fetchMock.mock.calls.flatMap(([url]) => (url.includes('/user/preference/') ? [url.slice(url.lastIndexOf('/') + 1)] : [])));
    await waitFor(() => expect(preferenceNames()).toEqual(new Set(['list.finance-arrears-order', 'list.finance-arrears-customer'])));
  });

  it('offers 导出当前列表 of the grouping it shows, posting its filters and the columns the user sees in their order', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:arrears'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<ArrearsPage />, { permissions: ['finance:arrears', 'finance:list'] });
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    fireEvent.click(within(screen.getByTestId('finance-arrears')).getByTestId('list-export'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/finance/arrears/export'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/finance/arrears/export'))!;
    const body = JSON.parse(String(init.body)) as { groupBy: string; columns: { key: string; title: string }[] };
    expect(body.groupBy).toBe('order');
    expect(body.columns.map((column) => column.key)).toEqual([
      'orderNo',
      'shipType',
      'customer',
      'salesman',
      'revenue',
      'received',
      'outstanding',
      'billedOn',
      'ageDays',
      'bucket',
    ]);
    expect(body.columns.map((column) => column.title)).toEqual(headers().filter((title) => title && title !== '操作'));
  });
});
