import { lazyPages } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends: each line's registration form and its thirteen lists. */
export const orderPages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'order/add': './OrderAddPage',
  'order/stage': './OrderListPage',
});
