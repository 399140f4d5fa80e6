import type { RecordKind, RecordView } from '@forwarder/domain';
import { fireEvent, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { FinanceRecord } from './api';
import type { RecordAction } from './recordScreens';
import { RecordToolbar, useRecordBatches, useRecordSelection } from './RecordToolbar';

const batchButton = (action: RecordAction) => <span key={action}>{action}</span>;

function Toolbar({
  kind = 'outgoing',
  screen = 'register',
  selectedCount = 0,
  onAdd = vi.fn(),
}: {
  kind?: RecordKind;
  screen?: RecordView;
  selectedCount?: number;
  onAdd?: () => void;
}) {
  return <RecordToolbar kind={kind} screen={screen} selectedCount={selectedCount} totals={[]} batchButton={batchButton} onAdd={onAdd} />;
}

describe('a record list’s toolbar', () => {
  it('offers add and the batch submit to the kind’s clerks on the register screen', () => {
    const onAdd = vi.fn();
    renderWithProviders(<Toolbar onAdd={onAdd} />, { permissions: ['finance:outgoing'] });
    fireEvent.click(screen.getByTestId('finance-add'));
    expect(onAdd).toHaveBeenCalled();
    expect(screen.getByText('batchSubmit')).toBeTruthy();
  });

  it('offers nothing of another kind’s', () => {
    renderWithProviders(<Toolbar kind="entry" />, { permissions: ['finance:outgoing'] });
    expect(screen.queryByTestId('finance-add')).toBeNull();
    expect(screen.queryByText('batchSubmit')).toBeNull();
  });

  it('offers the audit batches to auditors, and counts the selected rows', () => {
    renderWithProviders(<Toolbar screen="audit" selectedCount={3} />, { permissions: ['finance:audit'] });
    expect(screen.getByText('batchVerify')).toBeTruthy();
    expect(screen.getByText('batchRefuse')).toBeTruthy();
    expect(screen.getByText('已选 3 条')).toBeTruthy();
  });
});

const rows = [
  { id: 1, recordNo: 'FO1', selfAuditBarred: false },
  { id: 2, recordNo: 'FO2', selfAuditBarred: true },
] as FinanceRecord[];

function Selectable({ screen, onChange }: { screen: RecordView; onChange: (rows: FinanceRecord[]) => void }) {
  const { batches } = useRecordBatches('outgoing', screen);
  const rowSelection = useRecordSelection(batches, [], onChange);
  return <Table<FinanceRecord> rowKey="id" pagination={false} columns={[{ dataIndex: 'recordNo' }]} dataSource={rows} rowSelection={rowSelection} />;
}

describe('a record list’s selection', () => {
  it('does not offer the user’s own records for the audit batches, and tells the rows chosen', () => {
    const onChange = vi.fn();
    renderWithProviders(<Selectable screen="audit" onChange={onChange} />, { permissions: ['finance:audit'] });
    expect(screen.getByTestId('finance-select-2').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('finance-select-1'));
    expect(onChange).toHaveBeenLastCalledWith([rows[0]]);
  });

  it('has no selection on a screen without batch actions', () => {
    renderWithProviders(<Selectable screen="locked" onChange={vi.fn()} />, { permissions: ['finance:unlock'] });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
