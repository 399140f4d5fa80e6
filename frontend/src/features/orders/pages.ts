import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends: each line's registration form and its thirteen lists. */
export const orderPages: Record<string, ComponentType> = {
  'order/add': lazyPage(
    () => import('./OrderAddPage'),
    (module) => module.OrderAddPage,
  ),
  'order/stage': lazyPage(
    () => import('./OrderListPage'),
    (module) => module.OrderListPage,
  ),
};
