/**
 * Which list screen a route shows (a line and a view) and what its first page asks the server for: kept apart
 * from the screens' data (orderViews.ts) so that the page registry can ask for the first page while the
 * screen's code is still on its way (listPrefetch.ts), with exactly the query the screen then makes.
 */
import { SIDE_STATES, STAGE_SCREENS, type ShipType } from '@forwarder/domain';
import { isShipType } from '@/features/ports';
import type { OrderFilters } from './api';

/** The views a line's menu has a screen for (the stage screens, all, and the side states). */
export const ORDER_VIEWS = [...STAGE_SCREENS, 'all', ...SIDE_STATES] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

export interface OrderScreen {
  shipType: ShipType;
  view: OrderView;
}

/** /smallbag/warehouse → the smallbag orders in the warehouse; /airtransport/abnormal → abnormal air orders. */
export function orderScreenOf(path: string): OrderScreen | null {
  const [line, view] = path.replace(/\/+$/, '').split('/').slice(-2);
  if (!line || !isShipType(line) || !(ORDER_VIEWS as readonly string[]).includes(view)) return null;
  return { shipType: line, view: view as OrderView };
}

/**
 * The filters of a screen's first page: its line and view; on All, the word the top bar's search handed
 * over (the key filter); with `?fromPortal=1` (the workbench's pre-alerts waiting), the customers' pre-alerts only.
 */
export function firstOrderFilters({ shipType, view }: OrderScreen, searchWord: string, params: URLSearchParams): OrderFilters {
  return {
    shipType,
    view,
    ...(view === 'all' && searchWord ? { key: searchWord } : {}),
    ...(params.get('fromPortal') === '1' ? { fromPortal: true } : {}),
  };
}

/** The list's name on the screen (its test id), under which its settings are kept for the user. */
export function orderListName({ shipType, view }: OrderScreen): string {
  return `order-list-${shipType}-${view}`;
}
