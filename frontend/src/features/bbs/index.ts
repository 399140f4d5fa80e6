/** What other features use of the order issues (bbs) area. */
export { applyPushedCount, useNoticeCount } from './api';
export { OrderBbsDialog } from './OrderBbsDialog';
