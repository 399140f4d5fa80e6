import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (the base/dict screen). */
export const dictPages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'base/dict': './DictPage',
});
