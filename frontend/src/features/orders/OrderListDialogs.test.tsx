import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { OrderRow } from './api';
import { LazyOrderDetailDrawer } from './LazyOrderDetailDrawer';
import { useOrderListDialogs } from './OrderListDialogs';

// each dialog has its own tests; here: which one the list opens, with what, and what it calls when done
vi.mock('./LazyOrderDetailDrawer', () => ({
  LazyOrderDetailDrawer: Object.assign(
    ({ orderId, onChanged }: { orderId: number | null; onChanged: () => void }) =>
      orderId ? (
        <button type="button" onClick={onChanged}>
          detail {orderId}
        </button>
      ) : null,
    { preload: vi.fn() },
  ),
}));
vi.mock('./UpgradeDialog', () => ({
  UpgradeDialog: ({ request, onMoved }: { request: { stage: string } | null; onMoved: () => void }) =>
    request ? (
      <button type="button" onClick={onMoved}>
        upgrade {request.stage}
      </button>
    ) : null,
}));
vi.mock('./ReasonDialog', () => ({ ReasonDialog: ({ request }: { request: { action: string } | null }) => (request ? <p>reason {request.action}</p> : null) }));
vi.mock('./SealDialog', () => ({ SealDialog: ({ orders }: { orders: OrderRow[] | null }) => (orders ? <p>seal {orders.length}</p> : null) }));
vi.mock('@/features/issue-board', () => ({ OrderIssueDialog: ({ orderNo }: { orderNo: string }) => <p>issues {orderNo}</p> }));

const order = { id: 4, orderNo: 'SB4' } as OrderRow;

/** The dialogs, with a button for each way the list opens them. */
function Dialogs({ rowsShown, onBatchDone = vi.fn(), onChanged = vi.fn() }: { rowsShown: boolean; onBatchDone?: () => void; onChanged?: () => void }) {
  const opened = useOrderListDialogs('smallbag', { rowsShown, onBatchDone, onChanged });
  return (
    <>
      <button type="button" onClick={() => opened.openDetail(4)}>
        open detail
      </button>
      <button type="button" onClick={() => opened.openIssues(order)}>
        open issues
      </button>
      <button type="button" onClick={() => opened.askReason({ action: 'void', orders: [order] })}>
        ask reason
      </button>
      <button type="button" onClick={() => opened.startUpgrade({ stage: 'sail', orders: [order] })}>
        start upgrade
      </button>
      <button type="button" onClick={() => opened.startSeal([order, order])}>
        start seal
      </button>
      {opened.dialogs}
    </>
  );
}

describe('an order list’s dialogs', () => {
  it('fetches the detail drawer’s code only once the rows are drawn, at the next idle moment after', async () => {
    const { rerender } = renderWithProviders(<Dialogs rowsShown={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(LazyOrderDetailDrawer.preload).not.toHaveBeenCalled();
    rerender(<Dialogs rowsShown />);
    // not in the render that draws the rows
    expect(LazyOrderDetailDrawer.preload).not.toHaveBeenCalled();
    await waitFor(() => expect(LazyOrderDetailDrawer.preload).toHaveBeenCalledOnce());
  });

  it('opens each dialog with what it is given, and reports a batch done or a change', () => {
    const onBatchDone = vi.fn();
    const onChanged = vi.fn();
    renderWithProviders(<Dialogs rowsShown onBatchDone={onBatchDone} onChanged={onChanged} />);
    const shown = ['detail 4', 'issues SB4', 'reason void', 'upgrade sail', 'seal 2'];
    expect(shown.filter((text) => screen.queryByText(text))).toEqual([]);
    for (const name of ['open detail', 'open issues', 'ask reason', 'start upgrade', 'start seal']) fireEvent.click(screen.getByRole('button', { name }));
    expect(shown.filter((text) => screen.queryByText(text))).toEqual(shown);
    fireEvent.click(screen.getByText('upgrade sail'));
    fireEvent.click(screen.getByText('detail 4'));
    expect(onBatchDone).toHaveBeenCalledTimes(1);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
