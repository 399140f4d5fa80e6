import { lazyPages, type PagePrefetch } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends: each line's registration form and its fourteen lists, and the task inbox. */
export const orderPages = lazyPages(import.meta.glob(['./*Page.tsx', './tasks/*Page.tsx']), {
  'order/add': './OrderAddPage',
  'order/stage': './OrderListPage',
  tasks: './tasks/MyTasksPage',
});

/** The list screens' first page and settings, asked for while their code loads (listPrefetch.ts). */
export const orderPageData: Record<string, PagePrefetch> = {
  'order/stage': (client, path, search) => void import('./listPrefetch').then(({ prefetchOrderList }) => prefetchOrderList(client, path, search)),
};
