import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, mockApi, renderInApp, serveData } from '@/test/render';
import { ListPage } from './ListPage';
import { arrange, filterFormValues, keptFilterValues, move, visibleColumns } from './listSettings';
import type { PagedList } from './usePagedList';

interface Row {
  id: number;
  orderNo: string;
  customer: string;
  goods: string;
}

const list: PagedList<Row, object> = {
  data: { items: [{ id: 1, orderNo: 'SB1', customer: 'ACME', goods: '服装' }], pageIndex: 1, pageSize: 20, totalCount: 1, totalPage: 1 },
  isFetching: false,
  filters: {},
  pageIndex: 1,
  pageSize: 20,
  search: () => undefined,
  setPage: () => undefined,
  refresh: async () => undefined,
};

const columns = [
  { key: 'orderNo', dataIndex: 'orderNo', title: '订单号', fixed: 'left' as const },
  { key: 'customer', dataIndex: 'customer', title: '客户' },
  { key: 'goods', dataIndex: 'goods', title: '品名', hidden: true },
  { key: 'actions', title: '操作', fixed: 'right' as const, render: () => 'x' },
];

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);

/** The server's preference store: what PUT saved, GET answers (as a reload reads it). */
function preferenceServer() {
  const store = new Map<string, unknown>();
  const fetchMock = mockApi({
    '/user/preference/list.orders': (_, init) => {
      if (init.method === 'PUT') store.set('list.orders', bodyOf(init).value);
      return { name: 'list.orders', value: store.get('list.orders') ?? null, updatedAt: null };
    },
  });
  return { store, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('column settings of a list', { timeout: 60_000 }, () => {
  it('hides a column for the user, saved on the server, and the list opened again (a reload) keeps it hidden', async () => {
    const { store } = preferenceServer();
    const page = renderInApp(<ListPage<Row, object> list={list} columns={columns} testId="orders" />);
    // a column the list marks hidden is not shown by default
    expect(headers()).toEqual(['订单号', '客户', '操作']);
    fireEvent.click(screen.getByTestId('list-columns-button'));
    fireEvent.click(within(await screen.findByTestId('list-column-customer')).getByRole('checkbox'));
    await waitFor(() => expect(headers()).toEqual(['订单号', '操作']));
    await waitFor(() => expect(store.get('list.orders')).toMatchObject({ columns: expect.arrayContaining([{ key: 'customer', hidden: true, fixed: false }]) }));
    page.unmount();

    // a fresh page (new query cache): the arrangement comes from the server
    renderInApp(<ListPage<Row, object> list={list} columns={columns} testId="orders" />);
    await waitFor(() => expect(headers()).toEqual(['订单号', '操作']));
  });

  it('shows a hidden column, and reset goes back to the default', async () => {
    const { store } = preferenceServer();
    renderInApp(<ListPage<Row, object> list={list} columns={columns} testId="orders" />);
    fireEvent.click(screen.getByTestId('list-columns-button'));
    fireEvent.click(within(await screen.findByTestId('list-column-goods')).getByRole('checkbox'));
    await waitFor(() => expect(headers()).toEqual(['订单号', '客户', '品名', '操作']));
    fireEvent.click(screen.getByTestId('list-columns-reset'));
    await waitFor(() => expect(headers()).toEqual(['订单号', '客户', '操作']));
    await waitFor(() => expect((store.get('list.orders') as { columns?: unknown }).columns).toBeUndefined());
  });
});

describe('the name a list keeps its settings under', { timeout: 60_000 }, () => {
  it("is the path the list was opened at when it has no test id, even rendered again under another page's address (a kept tab)", async () => {
    const saved: string[] = [];
    serveData((url, init) => {
      if (init.method === 'PUT') saved.push(url.slice(url.lastIndexOf('/') + 1));
      return { name: '', value: null, updatedAt: null };
    });
    window.history.pushState({}, '', '/finance/arrears');
    try {
      let renderAgain = () => undefined as void;
      function KeptTab() {
        const [count, setCount] = useState(0);
        renderAgain = () => setCount(count + 1);
        return <ListPage<Row, object> list={{ ...list }} columns={columns} />;
      }
      renderInApp(<KeptTab />);
      window.history.pushState({}, '', '/base/dict');
      act(() => renderAgain());
      fireEvent.click(screen.getByTestId('list-density'));
      fireEvent.click(await screen.findByText('紧凑'));
      await waitFor(() => expect(saved).toEqual(['list.finance.arrears']));
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('saved filters of a list', { timeout: 60_000 }, () => {
  it('names and saves the form, then picking it searches with those values again', async () => {
    const { store } = preferenceServer();
    const search = vi.fn();
    renderInApp(
      <ListPage<Row, object>
        list={{ ...list, search }}
        columns={columns}
        testId="orders"
        searchFields={
          <Form.Item name="orderNo">
            <Input data-testid="filter-no" />
          </Form.Item>
        }
      />,
    );
    fireEvent.change(screen.getByTestId('filter-no'), { target: { value: 'SB26' } });
    fireEvent.click(screen.getByTestId('list-filter-save'));
    fireEvent.change(await screen.findByTestId('list-filter-name'), { target: { value: '我的单' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(store.get('list.orders')).toMatchObject({ filters: [{ name: '我的单', values: { orderNo: 'SB26' } }] }));

    fireEvent.change(screen.getByTestId('filter-no'), { target: { value: '' } });
    search.mockClear();
    fireEvent.click(screen.getByTestId('list-saved-filters'));
    fireEvent.click(await screen.findByText('我的单'));
    await waitFor(() => expect(search).toHaveBeenCalledWith({ orderNo: 'SB26' }));
  });
  it('keeps a picked date range: after a reload, picking the filter fills the range again and searches with the same days', async () => {
    const { store } = preferenceServer();
    const search = vi.fn();
    const fields = (
      <>
        <Form.Item name="orderNo">
          <Input data-testid="filter-no" />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </>
    );
    const range = [dayjs('2026-11-02'), dayjs('2026-11-15')];
    const page = renderInApp(
      <ListPage<Row, object> list={{ ...list, filters: { orderNo: 'SB26', range }, search }} columns={columns} testId="orders" searchFields={fields} />,
    );
    fireEvent.click(screen.getByTestId('list-filter-save'));
    fireEvent.change(await screen.findByTestId('list-filter-name'), { target: { value: '十一月上半' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(store.get('list.orders')).toMatchObject({
        filters: [{ name: '十一月上半', values: { orderNo: 'SB26', range: [{ date: range[0].toISOString() }, { date: range[1].toISOString() }] } }],
      }),
    );
    page.unmount();

    // a reload: a fresh page with an empty form, the saved filter read from the server
    renderInApp(<ListPage<Row, object> list={{ ...list, search }} columns={columns} testId="orders" searchFields={fields} />);
    const rangeInputs = () => [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((input) => input.value);
    expect(rangeInputs()).toEqual(['', '']);
    fireEvent.click(screen.getByTestId('list-saved-filters'));
    fireEvent.click(await screen.findByText('十一月上半', undefined, { timeout: 10_000 }));
    await waitFor(() => expect(search).toHaveBeenCalled());
    const searched = search.mock.lastCall![0] as { orderNo: string; range: Dayjs[] };
    expect(searched.orderNo).toBe('SB26');
    expect(searched.range.map((day) => day.format('YYYY-MM-DD'))).toEqual(['2026-11-02', '2026-11-15']);
    expect(rangeInputs()).toEqual(['2026-11-02', '2026-11-15']);
  }, 120_000);
});

describe('arranging columns', () => {
  it('orders, hides and pins by the saved settings; a column the settings do not name keeps its default', () => {
    const arranged = arrange(columns, [
      { key: 'customer', fixed: 'right' },
      { key: 'orderNo', hidden: false, fixed: false },
      { key: 'gone', hidden: true },
    ]);
    expect(arranged.map(({ key, hidden, fixed }) => [key, hidden, fixed])).toEqual([
      ['customer', false, 'right'],
      ['orderNo', false, undefined],
      ['goods', true, undefined],
    ]);
    // pinned right goes last among the data columns; the actions stay at the end
    expect(visibleColumns(columns, arranged).map((c) => c.key)).toEqual(['orderNo', 'customer', 'actions']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('keeps in a saved filter the values that survive JSON, dates marked, and gives the dates back as dates', () => {
    const day = dayjs('2026-11-02T08:30:00Z');
    const kept = keptFilterValues({
      orderNo: 'SB',
      customerId: 3,
      empty: '',
      none: undefined,
      native: new Date(),
      ids: [1, 2],
      day,
      from: [null, day],
      open: [null, null],
      odd: [{ a: 1 }],
    });
    expect(kept).toEqual({
      orderNo: 'SB',
      customerId: 3,
      ids: [1, 2],
      day: { date: '2026-11-02T08:30:00.000Z' },
      from: [null, { date: '2026-11-02T08:30:00.000Z' }],
    });
    const back = filterFormValues(JSON.parse(JSON.stringify(kept)) as typeof kept);
    expect(back.orderNo).toBe('SB');
    expect(back.ids).toEqual([1, 2]);
    expect(dayjs.isDayjs(back.day) && back.day.isSame(day)).toBe(true);
    const [open, end] = back.from as (Dayjs | null)[];
    expect(open).toBeNull();
    expect(end?.isSame(day)).toBe(true);
  });
});
