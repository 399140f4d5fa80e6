import { DATA_CHANGE_OPERATIONS, type DataChangeOperation } from '@forwarder/domain';
import { Checkbox, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Schema } from '@/shared/api';
import { useLanguage, useMessages } from '@/shared/i18n';
import { formatTime } from './format';
import { diffRows, leafText, type DiffKind, type DiffRow } from './jsonDiff';
import { LogListPage } from './LogListPage';
import type { LogFilterValues } from './logQuery';
import { logMessages } from './messages';
import { tableLabel, TABLE_NAMES } from './tableNames';

const OPERATION_COLORS: Record<DataChangeOperation, string> = {
  create: 'green',
  update: 'blue',
  upsert: 'cyan',
  delete: 'red',
  createMany: 'green',
  updateMany: 'blue',
  deleteMany: 'red',
};

const DIFF_COLORS: Record<DiffKind, string | undefined> = {
  added: '#f6ffed',
  removed: '#fff1f0',
  changed: '#fffbe6',
  same: undefined,
  unreported: undefined,
};

type DataChange = Schema<'DataChangeView'>;

type Filters = LogFilterValues & { tableName?: string; operation?: DataChangeOperation };

const isOperation = (value: string): value is DataChangeOperation => (DATA_CHANGE_OPERATIONS as readonly string[]).includes(value);

/** /log/sql: every write to the database, with the record before and after. */
export function SqlLogPage() {
  const t = useMessages(logMessages);
  const language = useLanguage();
  const operationLabel = (operation: string) => (isOperation(operation) ? t(`op_${operation}`) : operation);
  // tables in business words (客户, 订单, …), chosen by those words; the stored name is what the server filters by
  const tableOptions = Object.keys(TABLE_NAMES).map((value) => ({ value, label: tableLabel(value, language) }));
  return (
    <LogListPage<DataChange, Filters>
      screen="sql"
      filters={
        <>
          <Form.Item name="tableName" label={t('tableName')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 160 }} options={tableOptions} data-testid="log-sql-table" />
          </Form.Item>
          <Form.Item name="operation" label={t('operation')}>
            <Select allowClear style={{ width: 140 }} options={DATA_CHANGE_OPERATIONS.map((value) => ({ value, label: t(`op_${value}`) }))} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'tableName', title: t('tableName'), dataIndex: 'tableName', render: (tableName: string) => tableLabel(tableName, language) },
        {
          key: 'operation',
          title: t('operation'),
          dataIndex: 'operation',
          render: (operation: string) => <Tag color={isOperation(operation) ? OPERATION_COLORS[operation] : undefined}>{operationLabel(operation)}</Tag>,
        },
        { key: 'businessNo', title: t('businessNo'), dataIndex: 'businessNo', render: (businessNo: string | null) => businessNo ?? '' },
        { key: 'recordId', title: t('recordId'), dataIndex: 'recordId' },
        { key: 'userName', title: t('user'), dataIndex: 'userName' },
        { key: 'createdAt', title: t('time'), dataIndex: 'createdAt', render: formatTime },
      ]}
      expandable={{ expandedRowRender: (row) => <ChangeDiff before={row.before} after={row.after} /> }}
    />
  );
}

/** The fields of the record before and after the write, side by side; changes coloured. */
function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = useMessages(logMessages);
  const [onlyChanged, setOnlyChanged] = useState(true);
  const rows = diffRows(before, after);
  const shown = onlyChanged ? rows.filter((row) => row.kind !== 'same' && row.kind !== 'unreported') : rows;
  const cell = (value: unknown, present: boolean) =>
    present ? <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{leafText(value)}</Typography.Text> : null;
  return (
    // Takes the row's width without widening the table to the longest value (the table sizes to its content).
    <Flex vertical gap={8} style={{ width: 0, minWidth: '100%' }} data-testid="log-sql-diff">
      <Checkbox checked={onlyChanged} onChange={(event) => setOnlyChanged(event.target.checked)}>
        {t('diffOnlyChanged')}
      </Checkbox>
      <Table<DiffRow>
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={shown}
        locale={{ emptyText: t('diffEmpty') }}
        onRow={(row) => ({ style: { background: DIFF_COLORS[row.kind] } })}
        columns={[
          { key: 'path', title: t('diffField'), dataIndex: 'path', width: 240 },
          { key: 'before', title: t('diffBefore'), render: (_, row) => cell(row.before, row.kind !== 'added') },
          { key: 'after', title: t('diffAfter'), render: (_, row) => cell(row.after, row.kind !== 'removed' && row.kind !== 'unreported') },
        ]}
      />
    </Flex>
  );
}
