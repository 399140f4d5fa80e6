import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import { confirmButton } from '@/test/popconfirm';
import type { OrderRow } from './api';
import { useOrderActionButton } from './OrderRowActions';
import type { RowAction } from './orderViews';

const row = (fields: Partial<OrderRow> = {}) => ({ id: 4, ver: 6, orderNo: 'DL2611290001', stage: 'warehouse', sideState: null, ...fields }) as OrderRow;
const openers = () => ({ openDetail: vi.fn(), openIssues: vi.fn(), askReason: vi.fn() });

function Actions({
  order,
  actions,
  dialogs,
  onReload = vi.fn(),
}: {
  order: OrderRow;
  actions: RowAction[];
  dialogs: ReturnType<typeof openers>;
  onReload?: () => void;
}) {
  const button = useOrderActionButton(dialogs, onReload);
  return <>{actions.map((action) => button(order, action))}</>;
}

describe('an order row’s actions', () => {
  it('opens the detail for reading and for editing, and the issue board', () => {
    const dialogs = openers();
    const order = row();
    renderWithProviders(<Actions order={order} actions={['detail', 'edit', 'issues']} dialogs={dialogs} />);
    fireEvent.click(screen.getByTestId('order-detail-DL2611290001'));
    fireEvent.click(screen.getByTestId('order-edit-DL2611290001'));
    fireEvent.click(screen.getByTestId('order-issues-DL2611290001'));
    expect(dialogs.openDetail.mock.calls).toEqual([[4], [4]]);
    expect(dialogs.openIssues).toHaveBeenCalledWith(order);
  });

  it('asks the reason of a demotion, a hold or a void on the row’s order', () => {
    const dialogs = openers();
    const order = row();
    renderWithProviders(<Actions order={order} actions={['demote', 'detain', 'void']} dialogs={dialogs} />);
    fireEvent.click(screen.getByTestId('order-demote-DL2611290001'));
    fireEvent.click(screen.getByTestId('order-void-DL2611290001'));
    expect(dialogs.askReason.mock.calls).toEqual([[{ action: 'demote', orders: [order] }], [{ action: 'void', orders: [order] }]]);
    expect(screen.getByTestId('order-void-DL2611290001').className).toContain('dangerous');
  });

  it('revokes the row’s hold once confirmed, with its ver, then reloads', async () => {
    const fetchMock = mockApi({ '/order/abnormal/revoke/4': () => null });
    const onReload = vi.fn();
    renderWithProviders(<Actions order={row({ sideState: 'abnormal' })} actions={['revoke']} dialogs={openers()} onReload={onReload} />);
    fireEvent.click(screen.getByTestId('order-revoke-DL2611290001'));
    expect(await screen.findByText(/确定撤销订单 DL2611290001 的/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ ver: 6 });
  });
});
