import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (port/list, shared by the six port routes). */
export const portPages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'port/list': './PortListPage',
});
