/** What other features use of the order issues (bbs) area. */
export { applyPushedCount, useNoticeCount, useNoticeRows, type NoticeRow } from './api';
import { lazyDialog, lazyOpenDialog } from '@/shared/components/lazyDialog';

/** The order's issue board: loaded when first opened, so the screens offering it (and the workbench's counts) stay light. */
export const OrderBbsDialog = lazyOpenDialog(async () => (await import('./OrderBbsDialog')).OrderBbsDialog);

/** The board of a 需处理的问题 row's order, on the tab waiting for the caller: loaded when first opened. */
export const NoticeBoardDialog = lazyDialog(
  async () => (await import('./NoticeBoardDialog')).NoticeBoardDialog,
  (props) => props.row !== null,
);
