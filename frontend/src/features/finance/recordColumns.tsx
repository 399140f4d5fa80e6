import { Space, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useDictOptions } from '@/features/dict';
import { PAYMENT_METHOD_DICTIONARY, type RecordKind, type RecordView } from '@forwarder/domain';
import { EllipsisText } from '@/shared/components/EllipsisText';
import { LinkButton } from '@/shared/components/LinkButton';
import { EMPTY, minuteOrEmpty, textOrEmpty } from '@/shared/format/empty';
import { useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, listMessages } from '@/shared/list';
import { hasPermission, useAccess } from '@/shared/permission';
import type { FinanceRecord } from './api';
import { financeMessages } from './messages';
import { formatMoney, formatRate } from './money';
import { TYPE_DICTIONARY } from './RecordFormDialog';
import { rowActions, SCREEN_SETTINGS, type RecordAction, type RecordColumn } from './recordScreens';
import { StatusTag } from './StatusTag';

/**
 * The columns of a record list: the record's own (its number opens the detail), those the screen adds
 * (SCREEN_SETTINGS), and the row actions the user may take on the screen (each drawn by `rowButton`).
 */
export function useRecordColumns(
  kind: RecordKind,
  screen: RecordView,
  { rowButton, onOpenDetail }: { rowButton: (row: FinanceRecord, action: RecordAction) => ReactNode; onOpenDetail: (id: number) => void },
): TableColumnsType<FinanceRecord> {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const access = useAccess();
  const may = (codes: string[]) => hasPermission(codes, access);
  const settings = SCREEN_SETTINGS[screen];
  const types = useDictOptions(TYPE_DICTIONARY[kind]);
  const methods = useDictOptions(PAYMENT_METHOD_DICTIONARY);

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

  return [
    {
      key: 'recordNo',
      title: t('recordNo'),
      dataIndex: 'recordNo',
      fixed: 'left',
      render: (no: string, row) => (
        <LinkButton onClick={() => onOpenDetail(row.id)} data-testid={`finance-detail-${row.id}`}>
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
}
