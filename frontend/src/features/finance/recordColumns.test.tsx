import { PAYMENT_METHOD_DICTIONARY, type RecordKind, type RecordView } from '@forwarder/domain';
import { fireEvent, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import type { FinanceRecord } from './api';
import { useRecordColumns } from './recordColumns';
import { TYPE_DICTIONARY } from './RecordFormDialog';
import type { RecordAction } from './recordScreens';

const record = {
  id: 9,
  ver: 1,
  kind: 'outgoing',
  recordNo: 'FO202611000009',
  orderNo: null,
  customerName: '环球贸易',
  type: 'fuel',
  amount: 120.5,
  currency: 'USD',
  rate: 7.1,
  bookAmount: 855.55,
  counterparty: '中石化',
  method: 'cash',
  paidOn: '2026-11-20',
  vouchers: [{ id: 3, fileName: '发票.pdf', url: '/files/3.pdf' }],
  createdByName: '张晓明',
  createdAt: '2026-11-20T02:00:00Z',
  status: 'locked',
  auditedByName: '王海燕',
  auditedAt: '2026-11-21T02:00:00Z',
  selfAuditBarred: false,
} as unknown as FinanceRecord;

function Records({ kind = 'outgoing', screen, onOpenDetail = vi.fn() }: { kind?: RecordKind; screen: RecordView; onOpenDetail?: (id: number) => void }) {
  const rowButton = (row: FinanceRecord, action: RecordAction) => <span key={action}>{`${action}:${row.id}`}</span>;
  return <Table<FinanceRecord> rowKey="id" pagination={false} columns={useRecordColumns(kind, screen, { rowButton, onOpenDetail })} dataSource={[record]} />;
}

const serveDictionaries = () =>
  mockApi({
    [`/dict/detail/item/${TYPE_DICTIONARY.entry}`]: () => [],
    [`/dict/detail/item/${TYPE_DICTIONARY.outgoing}`]: () => [{ id: 1, value: 'fuel', dictName: '燃油费', dictNameEn: 'Fuel', sort: 1 }],
    [`/dict/detail/item/${PAYMENT_METHOD_DICTIONARY}`]: () => [{ id: 2, value: 'cash', dictName: '现金', dictNameEn: 'Cash', sort: 1 }],
  });
const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('a record list’s columns', () => {
  it('opens the detail from the record number, and links the vouchers', () => {
    serveDictionaries();
    const onOpenDetail = vi.fn();
    renderWithProviders(<Records screen="detailed" onOpenDetail={onOpenDetail} />, { permissions: ['finance:list'] });
    fireEvent.click(screen.getByTestId('finance-detail-9'));
    expect(onOpenDetail).toHaveBeenCalledWith(9);
    expect(screen.getByRole('link', { name: '发票.pdf' }).getAttribute('href')).toBe('/files/3.pdf');
  });

  it('names the counterparty by the kind: the payee of an expense, the payer of a hand-in', () => {
    serveDictionaries();
    const { unmount } = renderWithProviders(<Records screen="detailed" />);
    expect(headers()).toContain('收款方');
    unmount();
    renderWithProviders(<Records kind="entry" screen="detailed" />);
    expect(headers()).toContain('付款方');
  });

  it('adds the screen’s columns, and the actions the user may take on its records', () => {
    serveDictionaries();
    const { unmount } = renderWithProviders(<Records screen="detailed" />, { permissions: ['finance:unlock'] });
    expect(headers()).toContain('审核人');
    expect(headers()).not.toContain('操作');
    unmount();
    renderWithProviders(<Records screen="locked" />, { permissions: ['finance:unlock'] });
    expect(screen.getByText('unlock:9')).toBeTruthy();
  });
});
