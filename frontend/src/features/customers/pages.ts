import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (customers/add and the shared customers/list screen). */
export const customerPages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'customers/add': './CustomerAddPage',
  'customers/list': './CustomerListPage',
});
