import { DatePicker, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LinkButton } from '@/shared/components/LinkButton';
import { useLanguage, useMessages } from '@/shared/i18n';
import { ListPage, usePagedList } from '@/shared/list';
import { INQUIRY_PATH, type InquiryFilters, type InquiryRow, type InquiryTotals } from './api';
import { dayField } from './dateField';
import { PartyFilterFields, useShipTypeLabel } from './FilterSelects';
import { financeMessages } from './messages';
import { formatMoney, formatPercent, isNegative, type Amount } from './money';
import { OrderFinanceDrawer } from './OrderFinanceDrawer';
import { stageNames, useStageNames } from '@/shared/orders/stageNames';
import { EMPTY } from '@/shared/format/empty';

/**
 * /finance/orderInquiry: each order's financial picture (billed, cost, received, outstanding, profit,
 * margin, commission in CNY) by order number, customer, container and period; a row opens the order's
 * lines and reconciliation.
 */
export function OrderInquiryPage() {
  const t = useMessages(financeMessages);
  const stages = useMessages(stageNames);
  const stageNameOf = useStageNames();
  const language = useLanguage();
  const lineLabel = useShipTypeLabel();
  const paged = usePagedList<InquiryRow, InquiryFilters, InquiryTotals>(INQUIRY_PATH, {});
  const [orderId, setOrderId] = useState<number | null>(null);
  const money = (value: Amount | null | undefined) => (
    <Typography.Text type={isNegative(value) ? 'danger' : undefined}>{formatMoney(value, null, language)}</Typography.Text>
  );
  const totals = paged.data?.totals;
  const moneyColumn = (key: 'revenue' | 'cost' | 'received' | 'profit' | 'commission') => ({
    key,
    title: t(key),
    dataIndex: key,
    align: 'right' as const,
    render: money,
  });

  const columns: TableColumnsType<InquiryRow> = [
    {
      key: 'orderNo',
      title: t('orderNo'),
      dataIndex: 'orderNo',
      fixed: 'left',
      render: (no: string, row) => (
        <LinkButton onClick={() => setOrderId(row.orderId)} data-testid={`inquiry-order-${row.orderId}`}>
          {no}
        </LinkButton>
      ),
    },
    { key: 'shipType', title: t('shipType'), dataIndex: 'shipType', render: lineLabel },
    {
      key: 'stage',
      title: t('stage'),
      render: (_, row) =>
        `${stageNameOf(row.shipType, `stage_${row.stage}` as 'stage_created')}${row.sideState ? ` · ${stages(`side_${row.sideState}` as 'side_abnormal')}` : ''}`,
    },
    { key: 'customer', title: t('customer'), dataIndex: 'customerName', render: (value: string | null) => value ?? EMPTY },
    { key: 'salesman', title: t('salesman'), dataIndex: 'salesmanName', render: (value: string | null) => value ?? EMPTY },
    { key: 'containerNo', title: t('containerNo'), dataIndex: 'containerNo', render: (value: string | null) => value ?? EMPTY },
    { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt', render: (value: string) => dayjs(value).format('YYYY-MM-DD') },
    ...(['revenue', 'cost', 'received'] as const).map(moneyColumn),
    {
      key: 'outstanding',
      title: t('outstanding'),
      dataIndex: 'outstanding',
      align: 'right',
      render: (value: Amount, row) => <span data-testid={`inquiry-outstanding-${row.orderId}`}>{money(value)}</span>,
    },
    moneyColumn('profit'),
    { key: 'margin', title: t('margin'), dataIndex: 'margin', align: 'right', render: formatPercent },
    moneyColumn('commission'),
  ];

  return (
    <>
      <ListPage<InquiryRow, InquiryFilters>
        list={paged}
        columns={columns}
        rowKey="orderId"
        testId="finance-inquiry"
        exportPath="/finance/inquiry/export"
        toolbar={
          totals ? (
            <Space data-testid="inquiry-totals">
              <Typography.Text strong>{t('totals')}:</Typography.Text>
              <Typography.Text>
                {t('inquiryTotals', {
                  revenue: formatMoney(totals.revenue, null, language),
                  cost: formatMoney(totals.cost, null, language),
                  received: formatMoney(totals.received, null, language),
                  outstanding: formatMoney(totals.outstanding, null, language),
                  profit: formatMoney(totals.profit, null, language),
                })}{' '}
                (CNY)
              </Typography.Text>
            </Space>
          ) : null
        }
        searchFields={
          <>
            <Form.Item name="orderNo" label={t('orderNo')}>
              <Input allowClear maxLength={40} style={{ width: 160 }} data-testid="inquiry-order-no" />
            </Form.Item>
            <Form.Item name="containerNo" label={t('containerNo')}>
              <Input allowClear maxLength={20} style={{ width: 140 }} />
            </Form.Item>
            <PartyFilterFields />
            <Form.Item name="createdFrom" label={t('createdFrom')} {...dayField}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="createdTo" label={t('createdTo')} {...dayField}>
              <DatePicker />
            </Form.Item>
          </>
        }
      />
      <OrderFinanceDrawer orderId={orderId} onClose={() => setOrderId(null)} />
    </>
  );
}
