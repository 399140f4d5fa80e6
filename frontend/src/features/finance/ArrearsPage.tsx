import { Button, Card, Col, DatePicker, Flex, Form, Row, Segmented, Select, Statistic, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { LinkButton } from '@/shared/components/LinkButton';
import { useLanguage, useMessages } from '@/shared/i18n';
import { ListPage, usePagedList } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { AGEING_BUCKETS, AGEING_COLOUR, ageingLabel, type AgeingBucket } from './ageing';
import { ARREARS_PATH, type ArrearsFilters, type ArrearsGrouping, type ArrearsRow, type ArrearsTotals } from './api';
import { dayField } from './dateField';
import { PartyFilterFields, useShipTypeLabel } from './FilterSelects';
import { financeMessages } from './messages';
import { formatMoney } from './money';
import { OrderFinanceDrawer } from './OrderFinanceDrawer';

const EMPTY = '----';
const GROUPINGS: readonly ArrearsGrouping[] = ['order', 'customer', 'salesman'];
const ROW_KEY: Record<ArrearsGrouping, keyof ArrearsRow & string> = { order: 'orderId', customer: 'customerId', salesman: 'salesmanId' };

/**
 * /finance/arrears: orders with an outstanding balance, aged from their first bill (0–30, 31–60, 61–90,
 * over 90 days), per order or summed per customer or salesman; the totals cover every filtered order.
 */
export function ArrearsPage() {
  const t = useMessages(financeMessages);
  const language = useLanguage();
  const money = (value: ArrearsRow['outstanding'] | undefined) => formatMoney(value, null, language);
  const mayOpenOrder = usePermission(['finance:list', 'finance:inquiry']);
  const lineLabel = useShipTypeLabel();
  // each grouping its own rows: never another grouping's rows under its columns while its page loads
  const paged = usePagedList<ArrearsRow, ArrearsFilters, ArrearsTotals>(ARREARS_PATH, { groupBy: 'order' }, 20, { view: 'groupBy' });
  const groupBy = paged.filters.groupBy;
  const [orderId, setOrderId] = useState<number | null>(null);
  const totals = paged.data?.totals;

  // a customer's or salesman's row opens their orders
  const drillDown = (row: ArrearsRow) =>
    paged.search({
      ...paged.filters,
      groupBy: 'order',
      ...(groupBy === 'customer' ? { customerId: row.customerId } : { salesmanId: row.salesmanId ?? undefined }),
    });

  const bucketColumns: TableColumnsType<ArrearsRow> = AGEING_BUCKETS.map((bucket) => ({
    key: bucket,
    title: ageingLabel(bucket, language),
    dataIndex: bucket,
    align: 'right' as const,
    render: money,
  }));
  const columnsByGrouping: Record<ArrearsGrouping, TableColumnsType<ArrearsRow>> = {
    order: [
      {
        key: 'orderNo',
        title: t('orderNo'),
        dataIndex: 'orderNo',
        render: (no: string, row) =>
          mayOpenOrder ? (
            <LinkButton onClick={() => setOrderId(row.orderId ?? null)} data-testid={`arrears-order-${row.orderId}`}>
              {no}
            </LinkButton>
          ) : (
            no
          ),
      },
      { key: 'shipType', title: t('shipType'), dataIndex: 'shipType', render: lineLabel },
      { key: 'customer', title: t('customer'), dataIndex: 'customerName', render: (value: string | null) => value ?? EMPTY },
      { key: 'salesman', title: t('salesman'), dataIndex: 'salesmanName', render: (value: string | null) => value ?? EMPTY },
      { key: 'revenue', title: t('revenue'), dataIndex: 'revenue', align: 'right', render: money },
      { key: 'received', title: t('received'), dataIndex: 'received', align: 'right', render: money },
      { key: 'outstanding', title: t('outstanding'), dataIndex: 'outstanding', align: 'right', render: money },
      { key: 'billedOn', title: t('billedOn'), dataIndex: 'billedOn', render: (value: string | null) => value ?? EMPTY },
      { key: 'ageDays', title: t('ageDays'), dataIndex: 'ageDays', align: 'right' },
      {
        key: 'bucket',
        title: t('bucket'),
        dataIndex: 'bucket',
        render: (bucket: AgeingBucket | undefined) => (bucket ? <Tag color={AGEING_COLOUR[bucket]}>{ageingLabel(bucket, language)}</Tag> : EMPTY),
      },
    ],
    customer: [
      { key: 'customerCode', title: t('customer'), render: (_, row) => [row.customerCode, row.customerName].filter(Boolean).join(' ') || EMPTY },
      { key: 'orders', title: t('orders'), dataIndex: 'orders', align: 'right' },
      { key: 'outstanding', title: t('outstanding'), dataIndex: 'outstanding', align: 'right', render: money },
      ...bucketColumns,
    ],
    salesman: [
      { key: 'salesman', title: t('salesman'), dataIndex: 'salesmanName', render: (value: string | null) => value ?? EMPTY },
      { key: 'orders', title: t('orders'), dataIndex: 'orders', align: 'right' },
      { key: 'outstanding', title: t('outstanding'), dataIndex: 'outstanding', align: 'right', render: money },
      ...bucketColumns,
    ],
  };
  const columns: TableColumnsType<ArrearsRow> =
    groupBy === 'order'
      ? columnsByGrouping.order
      : [
          ...columnsByGrouping[groupBy],
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => drillDown(row)}>
                {t('showOrders')}
              </Button>
            ),
          },
        ];

  return (
    <Flex vertical gap={16} data-testid="finance-arrears">
      <Card size="small">
        <Row gutter={[16, 16]} align="middle">
          <Col flex="none">
            <Segmented<ArrearsGrouping>
              value={groupBy}
              options={GROUPINGS.map((grouping) => ({ value: grouping, label: t(`groupBy_${grouping}`) }))}
              onChange={(grouping) => paged.search({ ...paged.filters, groupBy: grouping })}
              data-testid="arrears-group-by"
            />
          </Col>
          <Col flex="auto">
            <Statistic
              title={t('outstanding')}
              value={money(totals?.outstanding)}
              suffix={`CNY · ${t('orders')} ${totals?.orders ?? 0}`}
              data-testid="arrears-total"
            />
          </Col>
          {AGEING_BUCKETS.map((bucket) => (
            <Col key={bucket} flex="none">
              <Statistic
                title={<Tag color={AGEING_COLOUR[bucket]}>{ageingLabel(bucket, language)}</Tag>}
                value={money(totals?.[bucket])}
                data-testid={`arrears-${bucket}`}
              />
            </Col>
          ))}
        </Row>
      </Card>
      <ListPage<ArrearsRow, ArrearsFilters>
        key={groupBy}
        list={paged}
        columns={columns}
        rowKey={ROW_KEY[groupBy]}
        // each grouping has its own columns: its own arrangement too
        settingsKey={`finance-arrears-${groupBy}`}
        fixedFilters={{ groupBy }}
        exportPath="/finance/arrears/export"
        exportName={`arrears-${groupBy}.xlsx`}
        searchFields={
          <>
            <Form.Item name="asOf" label={t('asOf')} {...dayField}>
              <DatePicker allowClear />
            </Form.Item>
            <PartyFilterFields />
            <Form.Item name="bucket" label={t('bucket')}>
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={t('all')}
                options={AGEING_BUCKETS.map((bucket) => ({ value: bucket, label: ageingLabel(bucket, language) }))}
              />
            </Form.Item>
          </>
        }
      />
      <OrderFinanceDrawer orderId={orderId} onClose={() => setOrderId(null)} />
    </Flex>
  );
}
