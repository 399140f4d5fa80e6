import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (price/list, shared by the three lines). */
export const pricePages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'price/list': './PriceListPage',
});
