import { lazyDialog } from '@/shared/components/lazyDialog';

/**
 * The order drawer, loaded when an order is first opened or when a screen preloads it, not with the screen
 * offering it: its tabs, finance panel and timeline are about 50 KB gzipped that an order list's rows need not
 * wait for, nor the screens of other areas.
 */
export const LazyOrderDetailDrawer = lazyDialog(
  async () => (await import('./OrderDetailDrawer')).OrderDetailDrawer,
  (props) => props.orderId !== null,
);
