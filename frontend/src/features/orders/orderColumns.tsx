import type { PermissionCode, ShipType, OrderSort, OrderStage, SideState } from '@forwarder/domain';
import { Space, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { EllipsisText } from '@/shared/components/EllipsisText';
import { LinkButton } from '@/shared/components/LinkButton';
import { EMPTY, minuteOrEmpty } from '@/shared/format/empty';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, listMessages } from '@/shared/list';
import { useStageNames } from '@/shared/orders/stageNames';
import { hasPermission, useAccess } from '@/shared/permission';
import type { OrderFilters, OrderRow } from './api';
import { orderMessages } from './messages';
import type { OrderView } from './orderScreens';
import { rowActions, VIEW_COLUMNS, type OrderColumn, type RowAction } from './orderViews';

const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? EMPTY : String(value));
const SIDE_COLOR: Record<SideState, string> = { abnormal: 'orange', detain: 'red', delete: 'default' };

/**
 * The columns an order list shows until the user arranges them (issue 31): number, customer, stage and hold,
 * salesman, route, container or waybill, updated — then the actions; the others are hidden, in 列设置.
 */
const DEFAULT_SHOWN = new Set(['orderNo', 'customer', 'stage', 'sideState', 'salesman', 'route', 'container', 'waybill', 'updatedAt', 'actions']);
const shownByDefault = (columns: TableColumnsType<OrderRow>): TableColumnsType<OrderRow> =>
  columns.map((column) => (DEFAULT_SHOWN.has(String(column.key)) ? column : { ...column, hidden: true }));

type Column = TableColumnsType<OrderRow>[number];
type Sorted = (key: OrderSort) => Pick<Column, 'sorter' | 'sortOrder'>;
/** The order screens' messages (the type of `t` that the column makers below take). */
const useOrderMessages = () => useMessages(orderMessages);
type OrderTranslate = ReturnType<typeof useOrderMessages>;

/** A column titled by its message key, showing a time (---- when blank). */
const timeColumn = (t: OrderTranslate, field: 'etd' | 'eta' | 'arrivedAt' | 'deliveredAt' | 'createdAt' | 'updatedAt'): Column => ({
  key: field,
  title: t(field),
  dataIndex: field,
  render: minuteOrEmpty,
});

/** The columns screens add (VIEW_COLUMNS): the line names the container or waybill, the voyage or flight. */
function useScreenColumns(shipType: ShipType, sorted: Sorted): Record<OrderColumn, Column> {
  const t = useOrderMessages();
  const stageNameOf = useStageNames();
  const air = shipType === 'airtransport';
  // a column titled by its message key, showing a field as text (---- when blank)
  const textColumn = (
    key: 'channel' | 'salesman' | 'waybill' | 'customsDeclarationNo' | 'flight' | 'voyage' | 'billOfLadingNo',
    field: keyof OrderRow,
  ): Column => ({
    key,
    title: t(key),
    dataIndex: field,
    render: text,
  });
  return {
    stage: { key: 'stage', title: t('stage'), render: (_, row) => <Tag color="blue">{stageNameOf(shipType, `stage_${row.stage as OrderStage}`)}</Tag> },
    sideState: {
      key: 'sideState',
      title: t('sideState'),
      render: (_, row) =>
        row.sideState ? (
          <Space orientation="vertical" size={0}>
            <Tag color={SIDE_COLOR[row.sideState]}>{t(`side_${row.sideState}`)}</Tag>
            <EllipsisText type="secondary" maxWidth={64} title={row.sideReason}>
              {text(row.sideReason)}
            </EllipsisText>
          </Space>
        ) : (
          <Tag color="green">{t('sideNone')}</Tag>
        ),
    },
    channel: textColumn('channel', 'channel'),
    salesman: textColumn('salesman', 'salesmanName'),
    container: air
      ? textColumn('waybill', 'waybillNo')
      : {
          key: 'container',
          title: t('container'),
          // the container number, its seal on hover (and in 导出当前列表)
          render: (_, row) => (row.containerNo ? <span title={`${row.containerNo} / ${text(row.sealNo)}`}>{row.containerNo}</span> : EMPTY),
        },
    customsDeclarationNo: textColumn('customsDeclarationNo', 'customsDeclarationNo'),
    voyage: air ? textColumn('flight', 'flightNo') : textColumn('voyage', 'vesselVoyage'),
    etd: { ...timeColumn(t, 'etd'), ...sorted('etd') },
    eta: { ...timeColumn(t, 'eta'), ...sorted('eta') },
    billOfLadingNo: textColumn('billOfLadingNo', 'billOfLadingNo'),
    arrivedAt: timeColumn(t, 'arrivedAt'),
    consignee: {
      key: 'consignee',
      title: t('consignee'),
      render: (_, row) => (row.consignee ? `${row.consignee}${row.deliveryAddress ? ` · ${row.deliveryAddress}` : ''}` : EMPTY),
    },
    deliveredAt: timeColumn(t, 'deliveredAt'),
  };
}

/**
 * The columns of an order list screen: the order's own, those the screen adds (useScreenColumns), the sort
 * the list is in (`sort`), and the row actions the user may take (each drawn by `actionButton`); the number
 * opens the detail for holders of order:detail.
 */
export function useOrderColumns(
  shipType: ShipType,
  view: OrderView,
  {
    sort,
    actionButton,
    onOpenDetail,
  }: {
    sort: Pick<OrderFilters, 'sortField' | 'sortOrder'>;
    actionButton: (row: OrderRow, action: RowAction) => ReactNode;
    onOpenDetail: (orderId: number) => void;
  },
): TableColumnsType<OrderRow> {
  const t = useOrderMessages();
  const common = useMessages(listMessages);
  const language = useLanguage();
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const sorted: Sorted = (key) => ({
    sorter: true,
    sortOrder: sort.sortField === key ? (sort.sortOrder === 'asc' ? 'ascend' : 'descend') : null,
  });
  const port = (value: OrderRow['originPort']) => (value ? `${value.code} ${localized(language, value.nameZh, value.nameEn)}` : EMPTY);
  const extraColumns = useScreenColumns(shipType, sorted);

  const mayOpenDetail = may('order:detail');
  const viewColumns = VIEW_COLUMNS[view].map((column) => extraColumns[column]);
  const hasColumn = (key: OrderColumn) => VIEW_COLUMNS[view].includes(key);
  // what a 1366 px screen shows without scrolling sideways (DEFAULT_SHOWN); every other column is in 列设置
  return shownByDefault([
    {
      key: 'orderNo',
      title: t('orderNo'),
      fixed: 'left',
      ...sorted('orderNo'),
      render: (_, row) =>
        mayOpenDetail ? (
          <>
            <LinkButton onClick={() => onOpenDetail(row.id)} data-testid={`order-no-${row.orderNo}`}>
              {row.orderNo}
            </LinkButton>
            {row.fromPortal ? <Tag color="purple">{t('fromPortalTag')}</Tag> : null}
          </>
        ) : (
          row.orderNo
        ),
    },
    {
      key: 'customer',
      title: t('customer'),
      // at most 120 px wide (the whole name on hover), so the default columns fit 1366 px
      render: (_, row) =>
        row.customerName ? (
          <EllipsisText maxWidth={120} title={`${text(row.customerCode)} ${row.customerName}`}>
            {`${text(row.customerCode)} ${row.customerName}`}
          </EllipsisText>
        ) : (
          EMPTY
        ),
    },
    ...(hasColumn('stage') ? [] : [extraColumns.stage]),
    ...viewColumns.filter((column) => ['stage', 'sideState', 'salesman'].includes(String(column.key))),
    ...(hasColumn('salesman') ? [] : [extraColumns.salesman]),
    {
      key: 'route',
      title: t('route'),
      // the ports' codes (their names on hover) keep the default columns within 1366 px
      render: (_, row) => (
        <span
          title={`${port(row.originPort)} → ${port(row.destinationPort)}`}
        >{`${row.originPort?.code ?? EMPTY} → ${row.destinationPort?.code ?? EMPTY}`}</span>
      ),
    },
    ...(hasColumn('container') ? [] : [extraColumns.container]),
    ...viewColumns.filter((column) => !['stage', 'sideState', 'salesman'].includes(String(column.key))),
    { ...timeColumn(t, 'updatedAt'), ...sorted('updatedAt') },
    { key: 'shippingMark', title: t('shippingMark'), dataIndex: 'shippingMark' },
    { key: 'goodsName', title: t('goodsName'), dataIndex: 'goodsName' },
    {
      key: 'grossWeight',
      title: t('quantities'),
      align: 'right',
      ...sorted('grossWeight'),
      render: (_, row) => [row.packages, row.grossWeight, row.volume, row.chargeableWeight].map(text).join(' / '),
    },
    { ...timeColumn(t, 'createdAt'), ...sorted('createdAt') },
    actionsColumn(
      common('actions'),
      (row) => rowActions(view, { stage: row.stage, sideState: row.sideState }, may).map((action) => actionButton(row, action)),
      // the actions break over two lines rather than push the data columns out of view
      { fixed: 'right', wrap: true, empty: EMPTY, width: 130 },
    ),
  ]);
}
