import { PAYMENT_METHOD_DICTIONARY, type RecordKind, type RecordView } from '@forwarder/domain';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Popconfirm, Result, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { usePageRoute } from '@/app/pageRoute';
import { useDictOptions } from '@/features/dict';
import { LinkButton } from '@/shared/components/LinkButton';
import { useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, ListPage, listMessages, usePagedList, useSave } from '@/shared/list';
import { hasPermission, useAccess } from '@/shared/permission';
import {
  deleteRecord,
  RECORD_LIST_PATH,
  relockRecord,
  submitRecords,
  unlockRecord,
  useRefreshFinance,
  verifyRecord,
  verifyRecords,
  type FinanceRecord,
  type RecordFilters,
  type WithTotals,
} from './api';
import { CurrencyTotals } from './CurrencyTotals';
import { dayField } from './dateField';
import { financeMessages } from './messages';
import { formatMoney, formatRate } from './money';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { RecordDetailDrawer } from './RecordDetailDrawer';
import { RecordFormDialog, TYPE_DICTIONARY, type RecordFormRequest } from './RecordFormDialog';
import { barredForSelf, recordScreenOf, rowActions, SCREEN_SETTINGS, toolbarActions, type RecordAction, type RecordColumn } from './recordScreens';
import { StatusTag } from './StatusTag';
import { EMPTY, minuteOrEmpty, textOrEmpty } from '@/shared/format/empty';
import { EllipsisText } from '@/shared/components/EllipsisText';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

/** The one screen of the twelve record lists (/finance/{outgoing|entry}/{screen}): the route says which. */
export function RecordListPage() {
  const screen = recordScreenOf(usePageRoute().path);
  return screen ? <RecordListScreen key={`${screen.kind}/${screen.screen}`} kind={screen.kind} screen={screen.screen} /> : <Result status="404" />;
}

function RecordListScreen({ kind, screen }: { kind: RecordKind; screen: RecordView }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const { modal } = App.useApp();
  const access = useAccess();
  const may = (codes: string[]) => hasPermission(codes, access);
  const settings = SCREEN_SETTINGS[screen];
  const paged = usePagedList<FinanceRecord, RecordFilters, WithTotals>(RECORD_LIST_PATH, { kind, view: screen });
  const types = useDictOptions(TYPE_DICTIONARY[kind]);
  const currencies = useDictOptions('currency');
  const methods = useDictOptions(PAYMENT_METHOD_DICTIONARY);
  const [form, setForm] = useState<RecordFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [selected, setSelected] = useState<FinanceRecord[]>([]);

  const refresh = useRefreshFinance();
  const reload = () => {
    setSelected([]);
    void refresh();
  };
  // every move of the screen: 操作成功, reload; a stale record reloads too (the client showed why)
  const act = useSave({ save: (move: () => Promise<unknown>) => move(), onSaved: reload, onStale: reload });
  const run = (move: () => Promise<unknown>) => act.mutateAsync(move).catch(() => undefined);

  const toolbar = toolbarActions(kind, screen, may);
  const batches = toolbar.filter((action) => action !== 'add');
  const ids = selected.map((row) => row.id);
  const what = (rows: readonly FinanceRecord[]) => (rows.length === 1 ? rows[0].recordNo : t('recordCount', { count: rows.length }));

  const batchButton = (action: RecordAction): ReactNode => {
    const onClick = () => {
      if (action === 'batchSubmit') {
        modal.confirm({ title: t('batchSubmitConfirm', { count: ids.length }), onOk: () => run(() => submitRecords(ids)) });
      } else if (action === 'batchVerify') {
        modal.confirm({ title: t('batchVerifyConfirm', { count: ids.length }), onOk: () => run(() => verifyRecords({ ids, pass: true })) });
      } else if (action === 'batchRefuse') {
        setReason({
          title: t('refuseTitle', { what: what(selected) }),
          save: (text) => act.mutateAsync(() => verifyRecords({ ids, pass: false, reason: text })),
        });
      }
    };
    return (
      <Button key={action} disabled={!ids.length} onClick={onClick} data-testid={`finance-${action}`}>
        {t(`action_${action}` as 'action_batchSubmit')}
      </Button>
    );
  };

  const rowButton = (row: FinanceRecord, action: RecordAction): ReactNode => {
    // segregation of duties: the registrant sees the auditor's step, disabled, and why
    if (barredForSelf(action, row)) {
      return (
        <Tooltip key={action} title={t('selfAuditBarred')}>
          <Button type="link" size="small" disabled data-testid={`finance-${action}-${row.id}`}>
            {t(`action_${action}` as 'action_edit')}
          </Button>
        </Tooltip>
      );
    }
    const link = (onClick?: () => void, danger = false) => (
      <Button key={action} type="link" size="small" danger={danger} onClick={onClick} data-testid={`finance-${action}-${row.id}`}>
        {t(`action_${action}` as 'action_edit')}
      </Button>
    );
    const confirmed = (title: string, move: () => Promise<unknown>, danger = false) => (
      <Popconfirm key={action} title={title} onConfirm={awaitedByAntd(() => run(move))} okButtonProps={{ 'data-testid': 'finance-confirm' }}>
        {link(undefined, danger)}
      </Popconfirm>
    );
    switch (action) {
      case 'edit':
      case 'amendRefused':
      case 'amendUnlocked':
        return link(() => setForm({ mode: action, record: row }));
      case 'submit':
        return confirmed(t('submitConfirm'), () => submitRecords([row.id]));
      case 'verify':
        return confirmed(t('verifyConfirm'), () => verifyRecord({ id: row.id, ver: row.ver, pass: true }));
      case 'relock':
        return confirmed(t('relockConfirm'), () => relockRecord(row));
      case 'delete':
        return confirmed(common('deleteConfirm'), () => deleteRecord(row.id), true);
      case 'refuse':
        return link(() =>
          setReason({
            title: t('refuseTitle', { what: row.recordNo }),
            save: (text) => act.mutateAsync(() => verifyRecord({ id: row.id, ver: row.ver, pass: false, reason: text })),
          }),
        );
      case 'unlock':
        return link(() =>
          setReason({
            title: t('unlockTitle', { what: row.recordNo }),
            save: (text) => act.mutateAsync(() => unlockRecord({ id: row.id, ver: row.ver, reason: text })),
          }),
        );
      default:
        return null;
    }
  };

  const extraColumns: Record<RecordColumn, TableColumnsType<FinanceRecord>[number]> = {
    status: { key: 'status', title: t('status'), dataIndex: 'status', render: (_, row) => <StatusTag status={row.status} /> },
    submittedAt: { key: 'submittedAt', title: t('submittedAt'), dataIndex: 'submittedAt', render: minuteOrEmpty },
    auditor: { key: 'auditor', title: t('auditor'), dataIndex: 'auditedByName', render: textOrEmpty },
    auditedAt: { key: 'auditedAt', title: t('auditedAt'), dataIndex: 'auditedAt', render: minuteOrEmpty },
    refuseReason: {
      key: 'refuseReason',
      title: t('refuseReason'),
      dataIndex: 'refuseReason',
      render: (value: string | null) => (
        <EllipsisText rows={2} maxWidth={240} title={value}>
          {textOrEmpty(value)}
        </EllipsisText>
      ),
    },
    unlockReason: { key: 'unlockReason', title: t('unlockReason'), dataIndex: 'unlockReason', render: textOrEmpty },
  };

  const columns: TableColumnsType<FinanceRecord> = [
    {
      key: 'recordNo',
      title: t('recordNo'),
      dataIndex: 'recordNo',
      fixed: 'left',
      render: (no: string, row) => (
        <LinkButton onClick={() => setDetailId(row.id)} data-testid={`finance-detail-${row.id}`}>
          {no}
        </LinkButton>
      ),
    },
    { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo', render: textOrEmpty },
    { key: 'customer', title: t('customer'), dataIndex: 'customerName', render: textOrEmpty },
    { key: 'type', title: t('type'), dataIndex: 'type', render: (value: string) => types.labelOf(value) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => formatMoney(row.amount, row.currency, language) },
    { key: 'rate', title: t('rate'), dataIndex: 'rate', align: 'right', render: formatRate },
    { key: 'bookAmount', title: t('bookAmount'), align: 'right', render: (_, row) => formatMoney(row.bookAmount, 'CNY', language) },
    { key: 'counterparty', title: kind === 'outgoing' ? t('payee') : t('payer'), dataIndex: 'counterparty' },
    { key: 'method', title: t('method'), dataIndex: 'method', render: (value: string) => methods.labelOf(value) },
    { key: 'paidOn', title: kind === 'outgoing' ? t('paidOnOutgoing') : t('paidOnEntry'), dataIndex: 'paidOn' },
    {
      key: 'vouchers',
      title: t('vouchers'),
      render: (_, row) =>
        row.vouchers.length ? (
          <Space size={4} wrap>
            {row.vouchers.map((voucher) => (
              <Typography.Link key={voucher.id} href={voucher.url} target="_blank" rel="noreferrer">
                {voucher.fileName}
              </Typography.Link>
            ))}
          </Space>
        ) : (
          EMPTY
        ),
    },
    { key: 'createdBy', title: t('createdBy'), dataIndex: 'createdByName', render: textOrEmpty },
    { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt', render: minuteOrEmpty },
    ...settings.columns.map((column) => extraColumns[column]),
    ...(settings.row.length
      ? [
          actionsColumn<FinanceRecord>(common('actions'), (row) => rowActions(kind, screen, row, may).map((action) => rowButton(row, action)), {
            fixed: 'right',
            empty: EMPTY,
          }),
        ]
      : []),
  ];

  return (
    <>
      <ListPage<FinanceRecord, RecordFilters>
        list={paged}
        columns={columns}
        fixedFilters={{ kind, view: screen }}
        testId={`finance-records-${kind}-${screen}`}
        exportPath="/order/finance/list/export"
        exportName={`finance-${kind}-${screen}.xlsx`}
        rowSelection={
          batches.length
            ? {
                selectedRowKeys: ids,
                onChange: (_, rows) => setSelected(rows),
                // a record the user may not take the screen's batch steps on (their own, on the audit screen) is not offered
                getCheckboxProps: (row) =>
                  ({
                    'data-testid': `finance-select-${row.id}`,
                    disabled: batches.some((action) => barredForSelf(action, row)),
                    title: batches.some((action) => barredForSelf(action, row)) ? t('selfAuditBarred') : undefined,
                  }) as object,
              }
            : undefined
        }
        toolbar={
          <>
            {toolbar.includes('add') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add', kind })} data-testid="finance-add">
                {t('action_add')}
              </Button>
            ) : null}
            {batches.map(batchButton)}
            {batches.length && ids.length ? <Tag>{t('selectedCount', { count: ids.length })}</Tag> : null}
            <CurrencyTotals totals={paged.data?.totals} />
          </>
        }
        searchFields={
          <>
            <Form.Item name="recordNo" label={t('recordNo')}>
              <Input allowClear maxLength={40} style={{ width: 150 }} data-testid="finance-search-record-no" />
            </Form.Item>
            <Form.Item name="orderNo" label={t('orderNo')}>
              <Input allowClear maxLength={40} style={{ width: 150 }} data-testid="finance-search-order-no" />
            </Form.Item>
            <Form.Item name="type" label={t('type')}>
              <Select allowClear style={{ width: 130 }} placeholder={t('selectPlaceholder')} options={types.options} />
            </Form.Item>
            <Form.Item name="currency" label={t('currency')}>
              <Select allowClear style={{ width: 100 }} placeholder={t('selectPlaceholder')} options={currencies.options} />
            </Form.Item>
            <Form.Item name="method" label={t('method')}>
              <Select allowClear style={{ width: 130 }} placeholder={t('selectPlaceholder')} options={methods.options} />
            </Form.Item>
            <Form.Item name="paidFrom" label={t('paidFrom')} {...dayField}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="paidTo" label={t('paidTo')} {...dayField}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="key" label={t('key')}>
              <Input allowClear maxLength={50} placeholder={t('keyPlaceholder')} />
            </Form.Item>
          </>
        }
      />
      <RecordFormDialog request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      <RecordDetailDrawer recordId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
