import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import type { OrderRow } from './api';
import { OrderListToolbar } from './OrderListToolbar';
import type { OrderView } from './orderScreens';

// the export and the import have their own tests; here: that the toolbar hands them the screen and the ticked orders
vi.mock('./detail/OrderExcelExportButton', () => ({
  OrderExcelExportButton: ({ kind, ids, filters }: { kind: string; ids: number[]; filters: object }) => (
    <span data-testid="export">{JSON.stringify({ kind, ids, filters })}</span>
  ),
}));
vi.mock('./detail/ScInformationImportButton', () => ({
  ScInformationImportButton: ({ shipType }: { shipType: string }) => <span data-testid="import">{shipType}</span>,
}));

const order = (id: number, fields: Partial<OrderRow> = {}) =>
  ({ id, ver: 1, orderNo: `SB${id}`, shipType: 'smallbag', stage: 'warehouse', sideState: null, containerNo: null, sealNo: null, ...fields }) as OrderRow;
const openers = () => ({ askReason: vi.fn(), startUpgrade: vi.fn(), startSeal: vi.fn() });

function renderToolbar({
  view = 'warehouse',
  selected = [],
  permissions,
  shipType = 'smallbag',
}: {
  view?: OrderView;
  selected?: OrderRow[];
  permissions: string[];
  shipType?: 'smallbag' | 'airtransport';
}) {
  mockApi({ '/dict/classify/item/': () => [] });
  const dialogs = openers();
  renderWithProviders(
    <OrderListToolbar shipType={shipType} view={view} selected={selected} filters={{ shipType, view, key: 'abc' }} dialogs={dialogs} onImported={vi.fn()} />,
    {
      permissions,
    },
  );
  return dialogs;
}

describe('an order list’s toolbar', () => {
  it('offers the screen’s batch moves the user may make, disabled until orders are ticked', () => {
    renderToolbar({ permissions: ['order:demotion'] });
    expect(screen.getByTestId('order-batch-demote').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('order-batch-void')).toBeNull();
    expect(screen.queryByTestId('order-batch-upgrade')).toBeNull();
  });

  it('asks the reason of a batch demotion over the ticked orders, and counts them', () => {
    const selected = [order(1), order(2)];
    const dialogs = renderToolbar({ selected, permissions: ['order:demotion'] });
    fireEvent.click(screen.getByTestId('order-batch-demote'));
    expect(dialogs.askReason).toHaveBeenCalledWith({ action: 'demote', orders: selected });
    expect(screen.getByText('已选 2 个订单')).toBeTruthy();
  });

  it('moves ticked orders sharing a stage to the next one, and tells why it will not move others', async () => {
    const dialogs = renderToolbar({ view: 'all', selected: [order(1), order(2)], permissions: ['order:upgrade:prepareCabinet'] });
    fireEvent.click(screen.getByTestId('order-batch-upgrade'));
    expect(dialogs.startUpgrade).toHaveBeenCalledWith({ stage: 'prepareCabinet', orders: [order(1), order(2)] });
  });

  it('refuses to move orders of different stages', async () => {
    const dialogs = renderToolbar({ view: 'all', selected: [order(1), order(2, { stage: 'created' })], permissions: ['order:upgrade:prepareCabinet'] });
    fireEvent.click(screen.getByTestId('order-batch-upgrade'));
    expect(await screen.findByText('所选订单处于不同阶段，请选择同一阶段的订单')).toBeTruthy();
    expect(dialogs.startUpgrade).not.toHaveBeenCalled();
  });

  it('registers a seal only on sea orders that take one', async () => {
    const dialogs = renderToolbar({ selected: [order(1, { sideState: 'detain' })], permissions: ['order:seal'] });
    fireEvent.click(screen.getByTestId('order-batch-seal'));
    expect(await screen.findByText(/只有入仓或准备装柜阶段/)).toBeTruthy();
    expect(dialogs.startSeal).not.toHaveBeenCalled();
    const sealable = [order(3)];
    const again = renderToolbar({ selected: sealable, permissions: ['order:seal'] });
    fireEvent.click(screen.getAllByTestId('order-batch-seal')[1]);
    expect(again.startSeal).toHaveBeenCalledWith(sealable);
  });

  it('exports the waybills of an air line’s ticked orders with the screen’s filters', () => {
    renderToolbar({ shipType: 'airtransport', selected: [order(5)], permissions: [] });
    expect(JSON.parse(screen.getByTestId('export').textContent)).toEqual({
      kind: 'waybill',
      ids: [5],
      filters: { shipType: 'airtransport', view: 'warehouse', key: 'abc' },
    });
    expect(screen.getByTestId('import').textContent).toBe('airtransport');
  });
});
