import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render';
import { confirmButton } from '@/test/popconfirm';
import type { Price } from './api';
import { PriceBreaks, usePriceColumns, type PriceRowActions } from './priceColumns';

const price = {
  id: 31,
  shipType: 'smallbag',
  kind: 'cost',
  originPortId: 1,
  originPort: { id: 1, code: 'CNSZX', nameZh: '深圳', nameEn: 'Shenzhen' },
  destinationPortId: 2,
  destinationPort: null,
  channel: '美森正班',
  unit: 'kg',
  currency: 'USD',
  minCharge: 300,
  validFrom: '2026-01-01',
  validTo: '2026-06-30',
  remark: null,
  breaks: [
    { minQuantity: 0, unitPrice: 12 },
    { minQuantity: 100, unitPrice: 10 },
  ],
  createdBy: 1,
  ver: 4,
} as unknown as Price;

function PriceTable({ actions }: { actions?: PriceRowActions }) {
  return <Table<Price> rowKey="id" columns={usePriceColumns(actions)} dataSource={[price]} pagination={false} />;
}

describe('the price list’s columns', () => {
  it('shows the kind, the ports (a port without its name by id), the validity, the break count and ---- for no remark', () => {
    renderInApp(<PriceTable />);
    const row = screen.getAllByRole('row')[1];
    for (const text of ['成本', 'CNSZX 深圳', '美森正班', '2026-01-01 ~ 2026-06-30', '2 个区间', '----']) expect(row.textContent).toContain(text);
    expect(within(row).getAllByRole('cell')[3].textContent).toBe('2');
  });

  it('has no actions column without the row actions', () => {
    renderInApp(<PriceTable />);
    expect(screen.queryByText('操作')).toBeNull();
    expect(screen.queryByTestId('price-edit-31')).toBeNull();
  });

  it('edits a row, and deletes it once confirmed', async () => {
    const actions = { onEdit: vi.fn(), onDelete: vi.fn(async () => undefined) };
    renderInApp(<PriceTable actions={actions} />);
    fireEvent.click(screen.getByTestId('price-edit-31'));
    expect(actions.onEdit).toHaveBeenCalledWith(price);
    fireEvent.click(screen.getByTestId('price-delete-31'));
    expect(actions.onDelete).not.toHaveBeenCalled();
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(actions.onDelete).toHaveBeenCalledWith(price));
  });
});

describe('a price’s breaks', () => {
  it('tells from which quantity, in the price’s unit, each unit price applies', () => {
    renderInApp(<PriceBreaks price={price} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['0 kg 起12', '100 kg 起10']);
  });
});
