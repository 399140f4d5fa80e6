/** What other features use of the order issue board area. */
export { applyPushedCount, useReminderCount, useReminderRows, type IssueReminderRow } from './api';
import { lazyDialog, lazyOpenDialog } from '@/shared/components/lazyDialog';

/** The order's issue board: loaded when first opened, so the screens offering it (and the workbench's counts) stay light. */
export const OrderIssueDialog = lazyOpenDialog(async () => (await import('./OrderIssueDialog')).OrderIssueDialog);

/** The board of a 需处理的问题 row's order, on the tab waiting for the caller: loaded when first opened. */
export const ReminderBoardDialog = lazyDialog(
  async () => (await import('./ReminderBoardDialog')).ReminderBoardDialog,
  (props) => props.row !== null,
);
