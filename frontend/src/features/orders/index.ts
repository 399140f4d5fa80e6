/** What other features use of the orders area. */
export { LazyOrderDetailDrawer } from './LazyOrderDetailDrawer';
export { MY_TASKS_ROUTE, openTotal, useMyTaskCounts, useMyTasksTop } from './tasks/api';
