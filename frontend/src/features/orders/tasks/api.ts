import type { MyTaskCounts, MyTaskTab } from '@forwarder/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';

/** The task inbox's page. */
export const MY_TASKS_ROUTE = '/tasks';

/** The caller's own tasks, one tab a page (`order/work/record/mine`). */
export const MY_TASKS_PATH = '/order/work/record/mine';
const COUNTS_KEY = [MY_TASKS_PATH, 'count'] as const;

/** The filters of the inbox (the tab, a line, a due window) as the server takes them. */
export interface MyTaskFilters {
  tab: MyTaskTab;
  shipType?: string;
  dueFrom?: string;
  dueTo?: string;
}

/** The caller's open and overdue tasks: the top bar's badge, the inbox's tabs, the workbench card. */
export function useMyTaskCounts(enabled = true) {
  return useQuery({ queryKey: COUNTS_KEY, queryFn: () => api.get('/order/work/record/mine/count'), enabled });
}

/** The first tasks of a tab (the workbench card). */
export function useMyTasksTop(tab: MyTaskTab, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: [MY_TASKS_PATH, 'top', tab, pageSize],
    queryFn: () => api.post('/order/work/record/mine', { body: { tab, pageIndex: 1, pageSize } }),
    enabled,
  });
}

/** The sum the top bar shows: every open task, overdue or not. */
export const openTotal = (counts: MyTaskCounts | undefined) => (counts ? counts.open + counts.overdue : 0);

const isCounts = (value: unknown): value is MyTaskCounts =>
  typeof value === 'object' && value !== null && typeof (value as MyTaskCounts).open === 'number' && typeof (value as MyTaskCounts).overdue === 'number';

/** A task of the caller's changed (ReceiveOrderTasks, or their own finish): the counts as pushed, the lists again. */
export function applyTaskCounts(client: QueryClient, counts?: unknown): void {
  const valid = isCounts(counts);
  if (valid) client.setQueryData(COUNTS_KEY, counts);
  void client.invalidateQueries({ queryKey: [MY_TASKS_PATH], predicate: (query) => !valid || query.queryKey[1] !== 'count' });
}
