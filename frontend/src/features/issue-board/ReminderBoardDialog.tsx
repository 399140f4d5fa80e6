import { defaultIssueTab } from '@forwarder/domain';
import type { IssueReminderRow } from './api';
import { OrderIssueDialog } from './OrderIssueDialog';

/**
 * The issue board of the order a 需处理的问题 row names, opened on the tab that waits for the caller; shown while
 * `row` is set (the bell's dialog and the workbench's 我的问题 card open it alike).
 */
export function ReminderBoardDialog({ row, onClose }: { row: IssueReminderRow | null; onClose: () => void }) {
  return (
    <OrderIssueDialog
      open={row !== null}
      orderId={row?.orderId ?? 0}
      orderNo={row?.orderNo ?? ''}
      shipType={row?.shipItem.value ?? ''}
      initialStatus={row ? defaultIssueTab(row) : undefined}
      onClose={onClose}
    />
  );
}
