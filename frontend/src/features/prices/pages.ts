import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends (price/list, shared by the three lines). */
export const pricePages: Record<string, ComponentType> = {
  'price/list': lazyPage(
    () => import('./PriceListPage'),
    (module) => module.PriceListPage,
  ),
};
