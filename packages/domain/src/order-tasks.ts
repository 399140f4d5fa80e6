/**
 * Tasks on orders as their assignee sees them (the task inbox, its top-bar count, the workbench card).
 * A task is open until its assignee or creator finishes it; an open task past its due time is overdue.
 */
export const TASK_STATUSES = ['open', 'finished'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The inbox's tabs: open (not past due), overdue (open and past due), done (finished). */
export const MY_TASK_TABS = ['open', 'overdue', 'done'] as const;
export type MyTaskTab = (typeof MY_TASK_TABS)[number];

/** The caller's open tasks, split by the overdue rule; their sum is the top bar's count. */
export interface MyTaskCounts {
  open: number;
  overdue: number;
}

/** Open and past its due time (a task without a due time is never overdue). */
export function isTaskOverdue(task: { status: string; dueAt: Date | string | null }, now: Date | number = Date.now()): boolean {
  return task.status === 'open' && task.dueAt !== null && new Date(task.dueAt).getTime() < new Date(now).getTime();
}
