import type { RecordKind, RecordView } from '@forwarder/domain';
import { Result } from 'antd';
import { useState } from 'react';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { ListPage, usePagedList } from '@/shared/list';
import { RECORD_LIST_PATH, type FinanceRecord, type RecordFilters, type WithTotals } from './api';
import { useRecordActions } from './RecordActions';
import { useRecordColumns } from './recordColumns';
import { useRecordListDialogs } from './RecordListDialogs';
import { recordScreenOf } from './recordScreens';
import { RecordSearchFields } from './RecordSearchFields';
import { RecordToolbar, useRecordBatches, useRecordSelection } from './RecordToolbar';

/** The one screen of the twelve record lists (/finance/{outgoing|entry}/{screen}): the route says which. */
export function RecordListPage() {
  const screen = recordScreenOf(usePageRoute().path);
  return screen ? <RecordListScreen key={`${screen.kind}/${screen.screen}`} kind={screen.kind} screen={screen.screen} /> : <Result status="404" />;
}

/** A screen composed of its parts: search fields, columns, toolbar, the moves as buttons, and the dialogs. */
function RecordListScreen({ kind, screen }: { kind: RecordKind; screen: RecordView }) {
  const paged = usePagedList<FinanceRecord, RecordFilters, WithTotals>(RECORD_LIST_PATH, { kind, view: screen });
  const [selected, setSelected] = useState<FinanceRecord[]>([]);
  const dialogs = useRecordListDialogs();
  const { batchButton, rowButton } = useRecordActions(selected, dialogs, () => setSelected([]));
  const columns = useRecordColumns(kind, screen, { rowButton, onOpenDetail: dialogs.openDetail });
  const rowSelection = useRecordSelection(useRecordBatches(kind, screen).batches, selected, setSelected);

  return (
    <>
      <ListPage<FinanceRecord, RecordFilters>
        list={paged}
        columns={columns}
        fixedFilters={{ kind, view: screen }}
        testId={`finance-records-${kind}-${screen}`}
        exportPath="/order/finance/list/export"
        exportName={`finance-${kind}-${screen}.xlsx`}
        rowSelection={rowSelection}
        toolbar={
          <RecordToolbar
            kind={kind}
            screen={screen}
            selectedCount={selected.length}
            totals={paged.data?.totals}
            batchButton={batchButton}
            onAdd={() => dialogs.openForm({ mode: 'add', kind })}
          />
        }
        searchFields={<RecordSearchFields kind={kind} />}
      />
      {dialogs.dialogs}
    </>
  );
}
