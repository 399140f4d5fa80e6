import type { ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useDictOptions } from '@/features/admin/common/dictItems';
import { orderMessages } from '@/features/orders/messages';
import { useLanguage, useMessages } from '@/shared/i18n';
import { useOrderFinance, type Charge, type FinanceRecord } from './api';
import { useShipTypeLabel } from './FilterSelects';
import { financeMessages } from './messages';
import { formatMoney, formatPercent, formatRate, isNegative } from './money';
import { StatusTag } from './StatusTag';
import { useStageNames } from '@/shared/orders/stageNames';

const EMPTY = '----';

/**
 * An order's whole financial picture (`GET /order/verify/detail/{orderId}`): the reconciliation in book
 * currency (billed, received, outstanding, cost, profit, margin), its receivable and payable lines, and
 * the hand-ins and expense claims on it (only locked ones count).
 */
export function OrderFinanceDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const stages = useMessages(orderMessages);
  const stageNameOf = useStageNames();
  const language = useLanguage();
  const detail = useOrderFinance(orderId);
  const expenseTypes = useDictOptions('expenseType');
  const entryTypes = useDictOptions('entryType');
  const lineLabel = useShipTypeLabel();
  const data = detail.data;
  const book = (value: Parameters<typeof formatMoney>[0]) => (
    <Typography.Text type={isNegative(value) ? 'danger' : undefined}>{formatMoney(value, 'CNY', language)}</Typography.Text>
  );

  const chargeColumns: TableColumnsType<Charge> = [
    { key: 'type', title: t('type'), dataIndex: 'type', render: (value: string) => expenseTypes.labelOf(value) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => formatMoney(row.amount, row.currency, language) },
    { key: 'rate', title: t('rate'), dataIndex: 'rate', align: 'right', render: formatRate },
    { key: 'bookAmount', title: t('bookAmount'), align: 'right', render: (_, row) => formatMoney(row.bookAmount, 'CNY', language) },
    { key: 'counterparty', title: t('counterparty'), dataIndex: 'counterparty', render: (value: string | null) => value || EMPTY },
    { key: 'chargedOn', title: t('chargedOn'), dataIndex: 'chargedOn' },
  ];
  const recordColumns = (kind: 'entry' | 'outgoing'): TableColumnsType<FinanceRecord> => [
    { key: 'recordNo', title: t('recordNo'), dataIndex: 'recordNo' },
    { key: 'status', title: t('status'), render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'type', title: t('type'), dataIndex: 'type', render: (value: string) => (kind === 'entry' ? entryTypes : expenseTypes).labelOf(value) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => formatMoney(row.amount, row.currency, language) },
    { key: 'bookAmount', title: t('bookAmount'), align: 'right', render: (_, row) => formatMoney(row.bookAmount, 'CNY', language) },
    { key: 'counterparty', title: kind === 'entry' ? t('payer') : t('payee'), dataIndex: 'counterparty' },
    { key: 'paidOn', title: t('paidOn'), dataIndex: 'paidOn' },
  ];
  const section = (title: string, table: ReactNode) => (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      {table}
    </div>
  );

  return (
    <Drawer
      open={orderId !== null}
      size={900}
      title={data ? t('orderFinanceTitle', { no: data.order.orderNo }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="order-finance-detail">
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label={t('shipType')}>{lineLabel(data.order.shipType)}</Descriptions.Item>
            <Descriptions.Item label={t('stage')}>
              {stageNameOf(data.order.shipType, `stage_${data.order.stage}` as 'stage_created')}
              {data.order.sideState ? ` · ${stages(`side_${data.order.sideState}` as 'side_abnormal')}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer')}>{data.order.customerName ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('salesman')}>{data.order.salesmanName ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('billedOn')}>{data.figures.billedOn ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('commission')}>{data.commission ? formatMoney(data.commission.amount, 'CNY', language) : EMPTY}</Descriptions.Item>
          </Descriptions>
          {section(
            t('figures'),
            <>
              <Descriptions column={3} size="small" bordered data-testid="order-finance-figures">
                <Descriptions.Item label={t('revenue')}>{book(data.figures.revenue)}</Descriptions.Item>
                <Descriptions.Item label={t('received')}>{book(data.figures.received)}</Descriptions.Item>
                <Descriptions.Item label={t('outstanding')}>
                  <span data-testid="order-finance-outstanding">{book(data.figures.outstanding)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('payable')}>{book(data.figures.payable)}</Descriptions.Item>
                <Descriptions.Item label={t('expense')}>{book(data.figures.expense)}</Descriptions.Item>
                <Descriptions.Item label={t('cost')}>{book(data.figures.cost)}</Descriptions.Item>
                <Descriptions.Item label={t('profit')}>{book(data.figures.profit)}</Descriptions.Item>
                <Descriptions.Item label={t('margin')}>{formatPercent(data.figures.margin)}</Descriptions.Item>
              </Descriptions>
              <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('bookCurrencyHint')} description={t('countedWhenLocked')} />
            </>,
          )}
          {section(t('receivables'), <Table<Charge> rowKey="id" size="small" pagination={false} columns={chargeColumns} dataSource={data.receivables} />)}
          {section(t('payables'), <Table<Charge> rowKey="id" size="small" pagination={false} columns={chargeColumns} dataSource={data.payables} />)}
          {section(t('entries'), <Table<FinanceRecord> rowKey="id" size="small" pagination={false} columns={recordColumns('entry')} dataSource={data.entries} />)}
          {section(
            t('outgoings'),
            <Table<FinanceRecord> rowKey="id" size="small" pagination={false} columns={recordColumns('outgoing')} dataSource={data.outgoings} />,
          )}
        </Space>
      )}
    </Drawer>
  );
}
