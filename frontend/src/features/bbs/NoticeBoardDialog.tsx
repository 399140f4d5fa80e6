import type { NoticeRow } from './api';
import { tabForNotice } from './noticeRow';
import { OrderBbsDialog } from './OrderBbsDialog';

/**
 * The issue board of the order a 需处理的问题 row names, opened on the tab that waits for the caller; shown while
 * `row` is set (the bell's dialog and the workbench's 我的问题 card open it alike).
 */
export function NoticeBoardDialog({ row, onClose }: { row: NoticeRow | null; onClose: () => void }) {
  return (
    <OrderBbsDialog
      open={row !== null}
      orderId={row?.orderId ?? 0}
      orderNo={row?.orderNo ?? ''}
      shipType={row?.shipItem.value ?? ''}
      initialStatus={row ? tabForNotice(row) : undefined}
      onClose={onClose}
    />
  );
}
