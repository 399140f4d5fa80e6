import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePagedList } from '@/shared/list';
import { useListSettings } from '@/shared/list/useListSettings';
import { settingsName } from '@/shared/list/listSettings';
import { bodyOf, mockApi } from '@/test/render';
import { ORDER_LIST_PATH, type OrderFilters, type OrderRow } from './api';
import { prefetchOrderList } from './listPrefetch';
import { firstOrderFilters, orderListName } from './orderScreens';

const PAGE = { items: [{ id: 7, orderNo: 'SB0007' }], total: 1, pageIndex: 1, pageSize: 20 };

afterEach(() => vi.unstubAllGlobals());

describe('an order list screen asked for ahead of its code', () => {
  it('finds its first page and its settings answered: the screen asks the server nothing more', async () => {
    const api = mockApi({ [ORDER_LIST_PATH]: () => PAGE, '/user/preference/list.order-list-smallbag-all': () => ({ value: { density: 'small' } }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchOrderList(client, '/smallbag/all', '?fromPortal=1');
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(bodyOf(api.mock.calls.find(([url]) => url.endsWith(ORDER_LIST_PATH))![1])).toEqual({
      shipType: 'smallbag',
      view: 'all',
      fromPortal: true,
      pageIndex: 1,
      pageSize: 20,
    });

    // the screen, mounted once the answers are in: the same queries, answered from the cache
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const screen = { shipType: 'smallbag', view: 'all' } as const;
    const { result } = renderHook(
      () => ({
        list: usePagedList<OrderRow, OrderFilters>(ORDER_LIST_PATH, firstOrderFilters(screen, '', new URLSearchParams('fromPortal=1'))),
        settings: useListSettings(settingsName(orderListName(screen))),
      }),
      { wrapper },
    );
    expect(result.current.list.data).toEqual(PAGE);
    expect(result.current.list.isFetching).toBe(false);
    expect(result.current.settings.settings).toMatchObject({ density: 'small' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for a route that is not a list screen, nor again for a page it has', async () => {
    const api = mockApi({ [ORDER_LIST_PATH]: () => PAGE, '/user/preference/list.order-list-airtransport-warehouse': () => ({ value: null }) });
    const client = new QueryClient();
    prefetchOrderList(client, '/smallbag/add', '');
    prefetchOrderList(client, '/seafreight/all', '');
    expect(api).not.toHaveBeenCalled();
    prefetchOrderList(client, '/airtransport/warehouse', '');
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    prefetchOrderList(client, '/airtransport/warehouse', '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.mock.calls.map(([url]) => url.replace(/^.*\/api\/v1/, ''))).toEqual([
      ORDER_LIST_PATH,
      '/user/preference/list.order-list-airtransport-warehouse',
    ]);
  });
});
