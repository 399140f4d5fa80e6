/** What other features use of the orders area. */
import { lazyDialog } from '@/shared/components/lazyDialog';

export { OrderDetailDrawer } from './OrderDetailDrawer';
/** The order drawer loaded when an order is first opened, for screens that seldom open one (the workbench). */
export const LazyOrderDetailDrawer = lazyDialog(
  async () => (await import('./OrderDetailDrawer')).OrderDetailDrawer,
  (props) => props.orderId !== null,
);
export { MY_TASKS_ROUTE, openTotal, useMyTaskCounts, useMyTasksTop } from './tasks/api';
