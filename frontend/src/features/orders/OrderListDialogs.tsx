import type { ShipType } from '@forwarder/domain';
import { useState, type ReactNode } from 'react';
import { OrderIssueDialog } from '@/features/issue-board';
import { useWhenIdle } from '@/shared/hooks/useWhenIdle';
import type { OrderRow } from './api';
import { LazyOrderDetailDrawer } from './LazyOrderDetailDrawer';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { SealDialog } from './SealDialog';
import { UpgradeDialog, type UpgradeRequest } from './UpgradeDialog';

/** How an order list opens its dialogs: the detail, the order's issue board, a reason, a stage move, the seal. */
export interface OrderDialogOpeners {
  openDetail: (orderId: number) => void;
  openIssues: (order: OrderRow) => void;
  askReason: (request: ReasonRequest) => void;
  startUpgrade: (request: UpgradeRequest) => void;
  startSeal: (orders: OrderRow[]) => void;
}

/**
 * The dialogs of an order list and how to open each. A batch done in one (`onBatchDone`) clears the
 * selection and reloads; a change in the detail reloads (`onChanged`). The detail drawer's code is fetched
 * once the rows are drawn (`rowsShown`) and the browser is idle, so that opening an order does not wait for
 * it, nor the list for it.
 */
export function useOrderListDialogs(
  shipType: ShipType,
  { rowsShown, onBatchDone, onChanged }: { rowsShown: boolean; onBatchDone: () => void; onChanged: () => void },
): OrderDialogOpeners & { dialogs: ReactNode } {
  const [detailId, setDetailId] = useState<number | null>(null);
  const [issuesOf, setIssuesOf] = useState<OrderRow | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [sealing, setSealing] = useState<OrderRow[] | null>(null);
  // once the rows are drawn, at the browser's next idle moment: its modules then run after the rows' frame
  useWhenIdle(rowsShown, LazyOrderDetailDrawer.preload);
  return {
    openDetail: setDetailId,
    openIssues: setIssuesOf,
    askReason: setReason,
    startUpgrade: setUpgrade,
    startSeal: setSealing,
    dialogs: (
      <>
        <UpgradeDialog shipType={shipType} request={upgrade} onClose={() => setUpgrade(null)} onMoved={onBatchDone} />
        <ReasonDialog request={reason} onClose={() => setReason(null)} onChanged={onBatchDone} />
        <SealDialog orders={sealing} onClose={() => setSealing(null)} onSealed={onBatchDone} />
        <LazyOrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} onChanged={onChanged} />
        {issuesOf ? <OrderIssueDialog open orderId={issuesOf.id} orderNo={issuesOf.orderNo} shipType={shipType} onClose={() => setIssuesOf(null)} /> : null}
      </>
    ),
  };
}
