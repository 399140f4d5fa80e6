import type { QueryClient } from '@tanstack/react-query';
import { pagedListQuery, type ListPage } from '@/shared/list/usePagedList';
import { listSettingsQuery } from '@/shared/list/useListSettings';
import { settingsName } from '@/shared/list/listSettings';
import { searchWordOf } from '@/shared/orders/searchWord';
import { ORDER_LIST_PATH, type OrderFilters, type OrderRow } from './api';
import { firstOrderFilters, orderListName, orderScreenOf } from './orderScreens';

/**
 * Asks for an order list screen's first page and its list settings while the screen's code is still on its
 * way (the page registry calls it when the route is known): the same queries the screen then makes
 * (orderScreens.ts, usePagedList, useListSettings), so it finds them answered or on their way. Nothing is
 * asked for what is already cached.
 */
export function prefetchOrderList(client: QueryClient, path: string, search: string): void {
  const screen = orderScreenOf(path);
  if (!screen) return;
  const filters: OrderFilters = firstOrderFilters(screen, searchWordOf(screen.shipType), new URLSearchParams(search));
  void client.prefetchQuery({ ...pagedListQuery<ListPage<OrderRow>>(ORDER_LIST_PATH, filters), staleTime: Infinity });
  void client.prefetchQuery({ ...listSettingsQuery(settingsName(orderListName(screen))), staleTime: Infinity });
}
