import type { ShipType } from '@forwarder/domain';
import { fireEvent, screen } from '@testing-library/react';
import { Table, type TableColumnsType } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import type { OrderFilters, OrderRow } from './api';
import { useOrderColumns } from './orderColumns';
import type { OrderView } from './orderScreens';
import type { RowAction } from './orderViews';

const order = {
  id: 4,
  ver: 1,
  orderNo: 'SB2611290004',
  shipType: 'smallbag',
  stage: 'warehouse',
  sideState: 'detain',
  sideReason: '待查',
  customerCode: 'C000007',
  customerName: '环球贸易',
  salesmanName: '张晓明',
  originPort: { code: 'CNSZX', nameZh: '深圳', nameEn: 'Shenzhen' },
  destinationPort: null,
  containerNo: 'MSKU1234565',
  sealNo: null,
  waybillNo: '999-12345675',
  packages: 3,
  grossWeight: 12.5,
  volume: null,
  chargeableWeight: 13,
  updatedAt: '2026-11-29T02:00:00Z',
  createdAt: '2026-11-28T02:00:00Z',
} as unknown as OrderRow;

/** What the columns are besides what they draw: key, hidden, sort order. */
const shapeOf = (columns: TableColumnsType<OrderRow>) =>
  JSON.stringify(columns.map((column) => ({ key: column.key, hidden: !!column.hidden, sortOrder: 'sortOrder' in column ? column.sortOrder : undefined })));

function Orders({
  shipType = 'smallbag',
  view = 'all',
  sort = {},
  onOpenDetail = vi.fn(),
}: {
  shipType?: ShipType;
  view?: OrderView;
  sort?: Pick<OrderFilters, 'sortField' | 'sortOrder'>;
  onOpenDetail?: (id: number) => void;
}) {
  const actionButton = (row: OrderRow, action: RowAction) => <span key={action}>{`${action}:${row.id}`}</span>;
  const columns = useOrderColumns(shipType, view, { sort, actionButton, onOpenDetail });
  return (
    <>
      <output data-testid="columns">{shapeOf(columns)}</output>
      <Table<OrderRow> rowKey="id" pagination={false} columns={columns} dataSource={[order]} />
    </>
  );
}

type Shape = { key: string; hidden: boolean; sortOrder?: string | null };
const columnShapes = () => JSON.parse(screen.getByTestId('columns').textContent) as Shape[];
const keys = (hidden: boolean) =>
  columnShapes()
    .filter((column) => column.hidden === hidden)
    .map((column) => column.key);
const serve = () => mockApi({ '/dict/classify/item/': () => [] });

describe('an order list’s columns', () => {
  it('shows what a 1366 px screen holds, the rest hidden until chosen in 列设置', () => {
    serve();
    renderWithProviders(<Orders view="sail" />);
    expect(keys(false)).toEqual(['orderNo', 'customer', 'stage', 'salesman', 'route', 'container', 'updatedAt', 'actions']);
    expect(keys(true)).toEqual(expect.arrayContaining(['voyage', 'etd', 'eta', 'billOfLadingNo', 'shippingMark', 'grossWeight', 'createdAt']));
  });

  it('names the waybill and the flight on the air line, the container and the voyage at sea', () => {
    serve();
    const { unmount } = renderWithProviders(<Orders />);
    expect(columnShapes().map((column) => column.key)).toEqual(expect.arrayContaining(['container', 'voyage']));
    unmount();
    renderWithProviders(<Orders shipType="airtransport" />);
    expect(columnShapes().map((column) => column.key)).toEqual(expect.arrayContaining(['waybill', 'flight']));
    expect(columnShapes().map((column) => column.key)).not.toContain('container');
    expect(screen.getByText('999-12345675')).toBeTruthy();
  });

  it('shows a hold with its reason, the route by port codes, and the quantities with ---- for a blank', () => {
    serve();
    renderWithProviders(<Orders />);
    expect(screen.getByText('待查')).toBeTruthy();
    expect(screen.getByText('CNSZX → ----')).toBeTruthy();
  });

  it('marks the column the list is sorted by', () => {
    serve();
    renderWithProviders(<Orders sort={{ sortField: 'etd', sortOrder: 'asc' }} />);
    const sortOf = (key: string) => columnShapes().find((column) => column.key === key)!;
    expect([sortOf('etd').sortOrder, sortOf('orderNo').sortOrder]).toEqual(['ascend', null]);
  });

  it('opens the detail from the number for holders of order:detail, and draws the row actions the user may take', () => {
    serve();
    const onOpenDetail = vi.fn();
    const { unmount } = renderWithProviders(<Orders onOpenDetail={onOpenDetail} />, { permissions: [] });
    expect(screen.queryByTestId('order-no-SB2611290004')).toBeNull();
    unmount();
    renderWithProviders(<Orders onOpenDetail={onOpenDetail} />, { permissions: ['order:detail', 'order:detainRevoke'] });
    fireEvent.click(screen.getByTestId('order-no-SB2611290004'));
    expect(onOpenDetail).toHaveBeenCalledWith(4);
    expect(screen.getByText('detail:4')).toBeTruthy();
    expect(screen.getByText('revoke:4')).toBeTruthy();
  });
});
