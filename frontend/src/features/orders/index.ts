/** What other features use of the orders area. */
import { lazyDialog } from '@/shared/components/lazyDialog';

/** The order drawer, loaded when an order is first opened (the screens of other areas offering one stay light). */
export const LazyOrderDetailDrawer = lazyDialog(
  async () => (await import('./OrderDetailDrawer')).OrderDetailDrawer,
  (props) => props.orderId !== null,
);
export { MY_TASKS_ROUTE, openTotal, useMyTaskCounts, useMyTasksTop } from './tasks/api';
