/** What other features use of the order issues (bbs) area. */
export { applyPushedCount, useNoticeCount, useNoticeRows } from './api';
export { tabForNotice } from './noticeRow';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';

/** The order's issue board: loaded when first opened, so the screens offering it (and the workbench's counts) stay light. */
export const OrderBbsDialog = lazyOpenDialog(async () => (await import('./OrderBbsDialog')).OrderBbsDialog);
