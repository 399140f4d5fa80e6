import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@/test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { AccessProvider } from '@/shared/permission';
import { setTokens } from '@/shared/request';
import type { Charge, OrderFinanceDetail } from './api';
import { OrderFinancePanel } from './OrderFinancePanel';
import { STAGE_WORDING_QUERY_KEY } from '@/shared/orders/stageNames';

const WAIT = { timeout: 5000 };
const ORDER_ID = 5;

const charge = (over: Partial<Charge>): Charge => ({
  id: 11,
  orderId: ORDER_ID,
  orderNo: 'DL2611220005',
  kind: 'receivable',
  type: '运费',
  amount: 1000,
  currency: 'CNY',
  rate: 1,
  taxRate: 6,
  tax: 60,
  total: 1060,
  bookAmount: 1060,
  counterparty: '费用测试公司',
  chargedOn: '2026-11-20',
  remark: null,
  createdBy: 1,
  voidedAt: null,
  voidedBy: null,
  voidedByName: null,
  voidReason: null,
  ver: 3,
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
  ...over,
});

function detailOf(over: { stage?: string; pending?: boolean } = {}): OrderFinanceDetail {
  return {
    order: {
      id: ORDER_ID,
      orderNo: 'DL2611220005',
      shipType: 'dedicatedline',
      stage: over.stage ?? 'sail',
      sideState: null,
      customerId: 1,
      customerCode: 'C1',
      customerName: '费用测试公司',
      salesmanId: 2,
      salesmanName: '张晓明',
    },
    figures: { revenue: 1060, payable: 0, expense: 0, cost: 0, received: 0, outstanding: 1060, profit: 1060, margin: 1, billedOn: '2026-11-20' },
    receivables: [
      charge({}),
      charge({
        id: 12,
        amount: 500,
        taxRate: 0,
        tax: 0,
        total: 500,
        bookAmount: 500,
        voidedAt: '2026-11-21T02:00:00Z',
        voidedByName: '王海燕',
        voidReason: '录错了',
      }),
    ],
    payables: [],
    entries: over.pending
      ? ([
          {
            id: 1,
            recordNo: 'FE2611220001',
            status: 'pending',
            kind: 'entry',
            type: '运费收款',
            amount: 1,
            currency: 'CNY',
            bookAmount: 1,
            counterparty: 'x',
            paidOn: '2026-11-20',
          },
        ] as OrderFinanceDetail['entries'])
      : [],
    outgoings: [],
    commission: null,
  };
}

const envelope = (data: unknown, status = 200, message = '') =>
  new Response(JSON.stringify({ success: status === 200, code: status, message, data }), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let detail = detailOf();
let write: (path: string, body: unknown) => Response = () => envelope({});

beforeEach(() => {
  detail = detailOf();
  write = () => envelope({});
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const path = url.replace(/^.*\/api\/v1/, '');
    if (path === `/order/verify/detail/${ORDER_ID}`) return envelope(detail);
    if (path === '/dict/detail/item/expenseType') return envelope([{ id: 1, dictName: '运费', dictNameEn: 'Freight', value: '运费', sort: 1 }]);
    if (path === '/dict/detail/item/currency') return envelope([{ id: 2, dictName: '人民币', dictNameEn: 'CNY', value: 'CNY', sort: 1 }]);
    if (path.startsWith('/dict/detail/item/')) return envelope([]);
    if (path === '/order/enum/shipType') return envelope([{ id: 1, key: 'dedicatedline', value: 'dedicatedline', text: '海运专线', textEn: 'Sea line' }]);
    return write(path, init.body ? JSON.parse(String(init.body)) : null);
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ token: 'access', refreshToken: 'refresh' });
  setLanguage('zh');
});

function renderPanel(permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // the lines' stage wording is loaded already (no line rewords): every call here is the panel's own
  client.setQueryData(STAGE_WORDING_QUERY_KEY, []);
  return render(
    <QueryClientProvider client={client}>
      <AccessProvider value={{ roles: [], permissions, isSuperAdmin: false }}>
        <App>
          <OrderFinancePanel orderId={ORDER_ID} />
        </App>
      </AccessProvider>
    </QueryClientProvider>,
  );
}

/** The charge calls made (path and body). */
const writes = () =>
  fetchMock.mock.calls
    .map(([url, init]) => [url.replace(/^.*\/api\/v1/, ''), init?.body ? JSON.parse(String(init.body)) : null] as const)
    .filter(([path]) => path.startsWith('/order/finance/') || path.startsWith('/finance/charge/'));
const detailReads = () => fetchMock.mock.calls.filter(([url]) => url.endsWith(`/order/verify/detail/${ORDER_ID}`)).length;

// the whole panel (figures, four tables, dialogs) renders slowly in jsdom on a loaded machine
describe('the charges of an order', { timeout: 45_000 }, () => {
  it('shows tax and totals, marks a voided line with its reason, and adds a receivable billed to the customer by default', async () => {
    renderPanel(['finance:list', 'finance:edit', 'finance:audit']);
    const receivables = await screen.findByTestId('charges-receivable', undefined, WAIT);
    expect(within(receivables).getByTestId('charge-voided').textContent).toBe('已作废');
    // the totals leave the voided line out
    expect(within(receivables).getByText('合计（1 条）')).toBeTruthy();
    expect(screen.getByTestId('charges-receivable-book-total').textContent).toBe('1,060.00 CNY');
    expect(screen.queryByTestId('charge-void-12')).toBeNull();
    expect(screen.getByTestId('charge-void-11')).toBeTruthy();

    write = (_path, body) => envelope(charge({ id: 13, ...(body as object) }));
    fireEvent.click(screen.getByTestId('charge-add-receivable'));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(within(dialog).getByText('客户/结算对象')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('charge-counterparty').value).toBe('费用测试公司');
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByText('运费', { selector: '.ant-select-item-option-content' }, WAIT));
    fireEvent.change(screen.getByTestId('charge-amount'), { target: { value: '200' } });
    fireEvent.change(screen.getByTestId('charge-tax-rate'), { target: { value: '6' } });
    await waitFor(() => expect(screen.getByTestId('charge-preview').textContent).toBe('税额 12.00 CNY，含税合计 212.00 CNY，折合 212.00 CNY'), WAIT);
    const reads = detailReads();
    fireEvent.click(screen.getByTestId('charge-save'));
    await waitFor(() => expect(writes()).toHaveLength(1), WAIT);
    expect(writes()[0]).toEqual([
      '/order/finance/add/receivable',
      {
        orderId: ORDER_ID,
        type: '运费',
        amount: 200,
        currency: 'CNY',
        rate: null,
        taxRate: 6,
        counterparty: '费用测试公司',
        chargedOn: dayjs().format('YYYY-MM-DD'),
        remark: null,
      },
    ]);
    // the order's figures are read again (and with them arrears, inquiry and commissions)
    await waitFor(() => expect(detailReads()).toBeGreaterThan(reads), WAIT);
  });

  it('labels the payable counterparty as the supplier, empty by default', async () => {
    renderPanel(['finance:list', 'finance:edit', 'finance:audit']);
    fireEvent.click(await screen.findByTestId('charge-add-payable', undefined, WAIT));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(within(dialog).getByText('供应商')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('charge-counterparty').value).toBe('');
  });

  it('edits with the ver it read; when someone else changed the line it says so and reloads', async () => {
    renderPanel(['finance:list', 'finance:edit', 'finance:audit']);
    fireEvent.click(await screen.findByTestId('charge-edit-11', undefined, WAIT));
    await screen.findByRole('dialog', undefined, WAIT);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('charge-amount').value).toBe('1000.00'), WAIT);
    write = () => envelope(null, 409, '数据已被他人修改，请刷新后重试');
    fireEvent.change(screen.getByTestId('charge-amount'), { target: { value: '1200' } });
    const reads = detailReads();
    fireEvent.click(screen.getByTestId('charge-save'));
    expect(await screen.findByText('该费用已被他人修改，已重新加载最新内容，请核对后再操作', undefined, WAIT)).toBeTruthy();
    expect(writes()[0]).toEqual([
      '/finance/charge/update',
      expect.objectContaining({ id: 11, ver: 3, amount: 1200, taxRate: 6, counterparty: '费用测试公司' }),
    ]);
    await waitFor(() => expect(detailReads()).toBeGreaterThan(reads), WAIT);
  });

  it('voids a line with the reason asked and its ver', async () => {
    renderPanel(['finance:list', 'finance:edit', 'finance:audit']);
    write = () => envelope(charge({ voidedAt: '2026-11-22T00:00:00Z' }));
    fireEvent.click(await screen.findByTestId('charge-void-11', undefined, WAIT));
    fireEvent.change(await screen.findByTestId('finance-reason', undefined, WAIT), { target: { value: '重复录入' } });
    fireEvent.click(screen.getByTestId('finance-reason-submit'));
    await waitFor(() => expect(writes()).toEqual([['/finance/charge/void/11', { reason: '重复录入', ver: 3 }]]), WAIT);
  });

  it('offers no change without finance:edit', async () => {
    renderPanel(['finance:list']);
    await screen.findByTestId('charges-receivable', undefined, WAIT);
    expect(screen.queryByTestId('charge-add-receivable')).toBeNull();
    expect(screen.queryByTestId('charge-quote')).toBeNull();
    expect(screen.queryByTestId('charge-edit-11')).toBeNull();
    expect(screen.queryByTestId('charge-lock')).toBeNull();
  });

  it('says why an order takes no change: commission settled, or records under audit for a non-auditor', async () => {
    detail = detailOf({ stage: 'brokerage' });
    const settled = renderPanel(['finance:list', 'finance:edit', 'finance:audit']);
    expect((await screen.findByTestId('charge-lock', undefined, WAIT)).textContent).toContain('订单佣金已结算，费用不能再修改');
    expect(screen.queryByTestId('charge-add-receivable')).toBeNull();
    settled.unmount();

    detail = detailOf({ pending: true });
    const clerk = renderPanel(['finance:list', 'finance:edit']);
    expect((await screen.findByTestId('charge-lock', undefined, WAIT)).textContent).toContain('订单有待审核的单据（FE2611220001）');
    expect(screen.queryByTestId('charge-add-payable')).toBeNull();
    clerk.unmount();

    renderPanel(['finance:list', 'finance:edit', 'finance:audit']);
    expect(await screen.findByTestId('charge-add-payable', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('charge-lock')).toBeNull();
  });
});
