import type { RecordKind, RecordView } from '@forwarder/domain';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { hasPermission, useAccess } from '@/shared/permission';
import type { FinanceRecord, WithTotals } from './api';
import { CurrencyTotals } from './CurrencyTotals';
import { financeMessages } from './messages';
import { barredForSelf, toolbarActions, type RecordAction } from './recordScreens';

/** The batch actions of a screen the user may take (those of its toolbar besides add). */
export function useRecordBatches(kind: RecordKind, screen: RecordView): { add: boolean; batches: RecordAction[] } {
  const access = useAccess();
  const toolbar = toolbarActions(kind, screen, (codes) => hasPermission(codes, access));
  return { add: toolbar.includes('add'), batches: toolbar.filter((action) => action !== 'add') };
}

/**
 * The rows a screen with batch actions lets the user select: a record the user may not take the batch
 * steps on (their own, on the audit screen) is not offered. Without batch actions, no selection.
 */
export function useRecordSelection(
  batches: readonly RecordAction[],
  selected: readonly FinanceRecord[],
  onChange: (rows: FinanceRecord[]) => void,
): TableProps<FinanceRecord>['rowSelection'] {
  const t = useMessages(financeMessages);
  if (!batches.length) return undefined;
  return {
    selectedRowKeys: selected.map((row) => row.id),
    onChange: (_, rows) => onChange(rows),
    getCheckboxProps: (row) =>
      ({
        'data-testid': `finance-select-${row.id}`,
        disabled: batches.some((action) => barredForSelf(action, row)),
        title: batches.some((action) => barredForSelf(action, row)) ? t('selfAuditBarred') : undefined,
      }) as object,
  };
}

/** Above a record list: add (for the kind's clerks), the batch actions, how many are selected, and the totals per currency. */
export function RecordToolbar({
  kind,
  screen,
  selectedCount,
  totals,
  batchButton,
  onAdd,
}: {
  kind: RecordKind;
  screen: RecordView;
  selectedCount: number;
  totals: WithTotals['totals'] | undefined;
  batchButton: (action: RecordAction) => ReactNode;
  onAdd: () => void;
}) {
  const t = useMessages(financeMessages);
  const { add, batches } = useRecordBatches(kind, screen);
  return (
    <>
      {add ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="finance-add">
          {t('action_add')}
        </Button>
      ) : null}
      {batches.map(batchButton)}
      {batches.length && selectedCount ? <Tag>{t('selectedCount', { count: selectedCount })}</Tag> : null}
      <CurrencyTotals totals={totals} />
    </>
  );
}
