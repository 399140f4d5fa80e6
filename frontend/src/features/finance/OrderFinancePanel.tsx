import type { ChargeRefusal } from '@forwarder/domain';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, App, Button, Collapse, Descriptions, Flex, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useDictOptions } from '@/features/dict';
import { useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, isStale, listMessages, RowAction } from '@/shared/list';
import { stageNames, useStageNames } from '@/shared/orders/stageNames';
import { usePermission } from '@/shared/permission';
import { useOrderFinance, useRefreshFinance, voidCharge, type Charge, type ChargeKind, type FinanceRecord, type OrderFinanceDetail } from './api';
import { ChargeFormDialog, type ChargeFormRequest } from './ChargeFormDialog';
import { chargeLock, chargeTotals } from './charges';
import { ChargeTrail } from './ChargeTrail';
import { useShipTypeLabel } from './FilterSelects';
import { financeMessages } from './messages';
import { formatMoney, formatPercent, formatRate, isNegative } from './money';
import { QuoteChargeDialog } from './QuoteChargeDialog';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { StatusTag } from './StatusTag';
import { EMPTY } from '@/shared/format/empty';

/**
 * An order's whole financial picture (`GET /order/verify/detail/{orderId}`): the reconciliation in book
 * currency (billed, received, outstanding, cost, profit, margin), its receivable and payable lines, the
 * hand-ins and expense claims on it (only locked ones count) and the history of its charges. Holders of
 * finance:edit add, edit, bill from the quotation and void lines here, unless the rule of charge changes
 * (finance-rules.ts, the server's own) says the order takes none from them now — then an alert says why.
 * Shown by the finance screens' drawer and by the order detail's finance tab.
 */
export function OrderFinancePanel({ orderId }: { orderId: number }) {
  const t = useMessages(financeMessages);
  const stages = useMessages(stageNames);
  const stageNameOf = useStageNames();
  const language = useLanguage();
  const detail = useOrderFinance(orderId);
  const entryTypes = useDictOptions('entryType');
  const expenseTypes = useDictOptions('expenseType');
  const lineLabel = useShipTypeLabel();
  const mayEdit = usePermission(['finance:edit']);
  const canAudit = usePermission(['finance:audit']);
  const data = detail.data;
  if (!data) return <Skeleton active />;
  const lock = chargeLock(data, canAudit);
  const editable = mayEdit && lock === null;

  const book = (value: Parameters<typeof formatMoney>[0]) => (
    <Typography.Text type={isNegative(value) ? 'danger' : undefined}>{formatMoney(value, 'CNY', language)}</Typography.Text>
  );
  const recordColumns = (kind: 'entry' | 'outgoing'): TableColumnsType<FinanceRecord> => [
    { key: 'recordNo', title: t('recordNo'), dataIndex: 'recordNo' },
    { key: 'status', title: t('status'), render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'type', title: t('type'), dataIndex: 'type', render: (value: string) => (kind === 'entry' ? entryTypes : expenseTypes).labelOf(value) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => formatMoney(row.amount, row.currency, language) },
    { key: 'bookAmount', title: t('bookAmount'), align: 'right', render: (_, row) => formatMoney(row.bookAmount, 'CNY', language) },
    { key: 'counterparty', title: kind === 'entry' ? t('payer') : t('payee'), dataIndex: 'counterparty' },
    { key: 'paidOn', title: t('paidOn'), dataIndex: 'paidOn' },
  ];
  const section = (title: string, body: ReactNode, extra?: ReactNode) => (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {body}
    </div>
  );

  return (
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
            <Descriptions.Item label={t('revenue')}>
              <span data-testid="order-finance-revenue">{book(data.figures.revenue)}</span>
            </Descriptions.Item>
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
      {mayEdit && lock ? <ChargeLockAlert lock={lock} /> : null}
      <OrderCharges detail={data} editable={editable} section={section} />
      {section(t('entries'), <Table<FinanceRecord> rowKey="id" size="small" pagination={false} columns={recordColumns('entry')} dataSource={data.entries} />)}
      {section(
        t('outgoings'),
        <Table<FinanceRecord> rowKey="id" size="small" pagination={false} columns={recordColumns('outgoing')} dataSource={data.outgoings} />,
      )}
      <Collapse items={[{ key: 'trail', label: t('trail'), children: <ChargeTrail orderId={orderId} /> }]} destroyOnHidden data-testid="charge-trail-section" />
    </Space>
  );
}

/** Why the user's finance:edit does not reach this order's charges now. */
function ChargeLockAlert({ lock }: { lock: ChargeRefusal }) {
  const t = useMessages(financeMessages);
  const text =
    lock.reason === 'underAudit'
      ? t('chargesUnderAudit', { records: lock.records.join(', ') })
      : lock.reason === 'voided'
        ? t('chargesFrozen_voided')
        : t('chargesFrozen_brokerage');
  return <Alert type="warning" showIcon title={text} data-testid="charge-lock" />;
}

type Section = (title: string, body: ReactNode, extra?: ReactNode) => ReactNode;

/** The receivables and payables of the order, with their totals and, when `editable`, the buttons that change them. */
function OrderCharges({ detail, editable, section }: { detail: OrderFinanceDetail; editable: boolean; section: Section }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const { message } = App.useApp();
  const expenseTypes = useDictOptions('expenseType');
  const refresh = useRefreshFinance();
  const [form, setForm] = useState<ChargeFormRequest | null>(null);
  const [quoting, setQuoting] = useState<number | null>(null);
  const [voiding, setVoiding] = useState<ReasonRequest | null>(null);

  const askVoid = (charge: Charge) =>
    setVoiding({
      title: t('voidTitle', {
        kind: t(`chargeKind_${charge.kind}`),
        type: expenseTypes.labelOf(charge.type),
        amount: formatMoney(charge.total, charge.currency, language),
      }),
      hint: t('voidHint'),
      save: (reason) =>
        voidCharge(charge, reason).then(
          () => {
            message.success(common('saved'));
            void refresh();
          },
          (error: unknown) => {
            if (!isStale(error)) throw error;
            message.warning(t('chargeStale'));
            void refresh();
          },
        ),
    });

  const money = (row: Charge, value: Charge['amount'], currency: string) => (
    <Typography.Text delete={Boolean(row.voidedAt)}>{formatMoney(value, currency, language)}</Typography.Text>
  );
  const columns: TableColumnsType<Charge> = [
    {
      key: 'type',
      title: t('type'),
      render: (_, row) => (
        <Space size={4}>
          {expenseTypes.labelOf(row.type)}
          {row.voidedAt ? (
            <Tooltip title={t('voidedTip', { name: row.voidedByName ?? '', at: dayjs(row.voidedAt).format('YYYY-MM-DD HH:mm'), reason: row.voidReason ?? '' })}>
              <Tag data-testid="charge-voided">{t('voided')}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => money(row, row.amount, row.currency) },
    { key: 'taxRate', title: t('taxRate'), align: 'right', render: (_, row) => `${Number(row.taxRate)}%` },
    { key: 'tax', title: t('tax'), align: 'right', render: (_, row) => money(row, row.tax, row.currency) },
    { key: 'total', title: t('total'), align: 'right', render: (_, row) => money(row, row.total, row.currency) },
    { key: 'rate', title: t('rate'), dataIndex: 'rate', align: 'right', render: formatRate },
    { key: 'bookAmount', title: t('bookAmount'), align: 'right', render: (_, row) => money(row, row.bookAmount, 'CNY') },
    { key: 'counterparty', title: t('counterparty'), dataIndex: 'counterparty', render: (value: string | null) => value || EMPTY },
    { key: 'chargedOn', title: t('chargedOn'), dataIndex: 'chargedOn' },
    ...(editable
      ? [
          actionsColumn<Charge>(common('actions'), (row) =>
            row.voidedAt ? null : (
              <>
                <RowAction onClick={() => setForm({ mode: 'edit', charge: row })} testId={`charge-edit-${row.id}`}>
                  {common('edit')}
                </RowAction>
                <Button type="link" size="small" danger onClick={() => askVoid(row)} data-testid={`charge-void-${row.id}`}>
                  {t('voidAction')}
                </Button>
              </>
            ),
          ),
        ]
      : []),
  ];

  const table = (kind: ChargeKind, lines: Charge[]) => {
    const totals = chargeTotals(lines);
    const perCurrency = (pick: (total: (typeof totals.byCurrency)[number]) => number) =>
      totals.byCurrency.map((total) => <div key={total.currency}>{formatMoney(pick(total), total.currency, language)}</div>);
    return (
      <Table<Charge>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={lines}
        onRow={(row) => (row.voidedAt ? { style: { color: 'rgba(0, 0, 0, 0.45)' } } : {})}
        data-testid={`charges-${kind}`}
        summary={() =>
          totals.count ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('lineTotals', { count: totals.count })}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {perCurrency((total) => total.amount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} />
              <Table.Summary.Cell index={3} align="right">
                {perCurrency((total) => total.tax)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {perCurrency((total) => total.total)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} />
              <Table.Summary.Cell index={6} align="right">
                <span data-testid={`charges-${kind}-book-total`}>{formatMoney(totals.bookAmount, 'CNY', language)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} colSpan={columns.length - 7} />
            </Table.Summary.Row>
          ) : null
        }
      />
    );
  };
  const addButton = (kind: ChargeKind) => (
    <Button
      type="primary"
      size="small"
      onClick={() => setForm({ mode: 'add', kind, orderId: detail.order.id, customerName: detail.order.customerName })}
      data-testid={`charge-add-${kind}`}
    >
      {t(kind === 'receivable' ? 'addReceivable' : 'addPayable')}
    </Button>
  );

  return (
    <>
      {section(
        t('receivables'),
        table('receivable', detail.receivables),
        editable ? (
          <Space>
            {addButton('receivable')}
            <Button size="small" onClick={() => setQuoting(detail.order.id)} data-testid="charge-quote">
              {t('billFromQuote')}
            </Button>
          </Space>
        ) : null,
      )}
      {section(t('payables'), table('payable', detail.payables), editable ? addButton('payable') : null)}
      <ChargeFormDialog request={form} onClose={() => setForm(null)} />
      <QuoteChargeDialog orderId={quoting} onClose={() => setQuoting(null)} />
      <ReasonDialog request={voiding} onClose={() => setVoiding(null)} />
    </>
  );
}
