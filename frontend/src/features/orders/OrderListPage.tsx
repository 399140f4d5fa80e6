import { ORDER_SORTS, type OrderSort, type ShipType, type OrderStage, type SideState } from '@forwarder/domain';
import type { PermissionCode } from '@forwarder/domain';
import { App, Button, DatePicker, Form, Input, Popconfirm, Result, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { usePageRoute } from '@/app/pageRoute';
import { setSearchWord, useSearchWord } from '@/app/settings';
import { OrderIssueDialog } from '@/features/issue-board';
import { useStaffWithRole } from '@/features/customers';
import { usePortSelect } from '@/features/prices';
import { LinkButton } from '@/shared/components/LinkButton';
import { EllipsisText } from '@/shared/components/EllipsisText';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, dayBound, ListPage, listMessages, usePagedList, useSave } from '@/shared/list';
import { OrderExcelExportButton } from './detail/OrderExcelExportButton';
import { ScInformationImportButton } from './detail/ScInformationImportButton';
import { hasPermission, useAccess } from '@/shared/permission';
import { ORDER_LIST_PATH, revokeOrder, useRefreshOrders, type OrderFilters, type OrderRow } from './api';
import { LazyOrderDetailDrawer } from './LazyOrderDetailDrawer';
import { CustomerSelect, SearchableSelect } from './OrderFormFields';
import { orderMessages } from './messages';
import {
  batchActions,
  isStageView,
  nextStage,
  orderScreenOf,
  rowActions,
  seesAllOrders,
  upgradeTarget,
  VIEW_COLUMNS,
  type BatchAction,
  type OrderColumn,
  type OrderView,
  type RowAction,
} from './orderViews';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { isSealable, SealDialog, sealOffered } from './SealDialog';
import { UpgradeDialog, type UpgradeRequest } from './UpgradeDialog';
import { useStageNames } from '@/shared/orders/stageNames';
import { EMPTY, minuteOrEmpty } from '@/shared/format/empty';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? EMPTY : String(value));
const SIDE_COLOR: Record<SideState, string> = { abnormal: 'orange', detain: 'red', delete: 'default' };

/**
 * The columns an order list shows until the user arranges them (issue 31): number, customer, stage and hold,
 * salesman, route, container or waybill, updated — then the actions; the others are hidden, in 列设置.
 */
const DEFAULT_SHOWN = new Set(['orderNo', 'customer', 'stage', 'sideState', 'salesman', 'route', 'container', 'waybill', 'updatedAt', 'actions']);
const shownByDefault = (columns: TableColumnsType<OrderRow>): TableColumnsType<OrderRow> =>
  columns.map((column) => (DEFAULT_SHOWN.has(String(column.key)) ? column : { ...column, hidden: true }));

/** The thirteen list screens of a line (/smallbag/warehouse … /smallbag/delete): the route says which. */
export function OrderListPage() {
  const screen = orderScreenOf(usePageRoute().path);
  return screen ? <OrderListScreen key={`${screen.shipType}/${screen.view}`} shipType={screen.shipType} view={screen.view} /> : <Result status="404" />;
}

/** A date picker whose form value is an ISO time: the start (or end) of the chosen day. */
function OrderListScreen({ shipType, view }: { shipType: ShipType; view: OrderView }) {
  const t = useMessages(orderMessages);
  const stageNameOf = useStageNames();
  const common = useMessages(listMessages);
  const language = useLanguage();
  const { message } = App.useApp();
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const air = shipType === 'airtransport';

  // the top-bar search hands its word to the All screen, which takes it as the key filter (a new search
  // form shows it) in the render that sees it
  const searchWord = useSearchWord(shipType);
  const takesSearch = view === 'all';
  const fixed = { shipType, view };
  const paged = usePagedList<OrderRow, OrderFilters>(ORDER_LIST_PATH, {
    ...fixed,
    ...(takesSearch && searchWord ? { key: searchWord } : {}),
  });
  const [seenWord, setSeenWord] = useState(searchWord);
  const [formVersion, setFormVersion] = useState(0);
  if (seenWord !== searchWord) {
    setSeenWord(searchWord);
    if (takesSearch && searchWord) {
      paged.search({ ...fixed, sortField: paged.filters.sortField, sortOrder: paged.filters.sortOrder, key: searchWord });
      setFormVersion((version) => version + 1);
    }
  }
  // taken: the same word searched again later is a new hand-over
  useEffect(() => {
    if (takesSearch && searchWord) setSearchWord(shipType, '');
  }, [takesSearch, searchWord, shipType]);

  // the filters' choices are asked for once the rows are drawn (or the first page failed): the list's own request goes first
  const rowsShown = paged.data !== undefined || !paged.isFetching;
  const seesAll = seesAllOrders(may);
  const salesmen = useStaffWithRole('salesman', seesAll && rowsShown);
  const origins = usePortSelect(shipType, 'start', null, rowsShown);
  const destinations = usePortSelect(shipType, 'end', null, rowsShown);
  const refreshOrders = useRefreshOrders();
  const reload = () => void refreshOrders();

  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  // the selected rows as the page now shows them (fresh ver after a reload)
  const selected = useMemo(() => (paged.data?.items ?? []).filter((row) => selectedIds.includes(row.id)), [paged.data, selectedIds]);
  const [detailId, setDetailId] = useState<number | null>(null);
  // the drawer's code comes once the rows are drawn, so that opening an order does not wait for it either
  useEffect(() => {
    if (rowsShown) LazyOrderDetailDrawer.preload();
  }, [rowsShown]);
  const [issueOrder, setIssueOrder] = useState<OrderRow | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const afterBatch = () => {
    setSelectedIds([]);
    reload();
  };

  const staleReload = () => {
    message.warning(t('staleReloaded'));
    reload();
  };
  const revoke = useSave({
    save: ({ state, row }: { state: SideState; row: OrderRow }) => revokeOrder(state, { id: row.id, ver: row.ver }),
    onSaved: reload,
    onStale: staleReload,
  });

  const batch = batchActions(view, may);
  const offersSeal = sealOffered(shipType, view, may);
  // ticked orders are what the waybill or bill export takes
  const mayExport = may('order:export');
  const [sealing, setSealing] = useState<OrderRow[] | null>(null);
  const startSeal = () => {
    if (!selected.length) message.warning(t('selectFirst'));
    else if (!selected.every(isSealable)) message.warning(t('sealNotApplicable'));
    else setSealing(selected);
  };
  const startBatch = (action: BatchAction) => {
    if (!selected.length) {
      message.warning(t('selectFirst'));
      return;
    }
    if (action !== 'upgrade') {
      setReason({ action, orders: selected });
      return;
    }
    const target = upgradeTarget(selected, may);
    if ('stage' in target) {
      setUpgrade({ stage: target.stage, orders: selected });
      return;
    }
    const next = nextStage(selected[0].stage as OrderStage);
    const refusal = {
      none: t('selectFirst'),
      mixed: t('upgradeMixed'),
      held: t('upgradeHeld'),
      last: t('upgradeLast'),
      forbidden: t('upgradeForbidden', { stage: next ? stageNameOf(shipType, `move_${next}`) : '' }),
    }[target.refused];
    message.warning(refusal);
  };
  const viewNext = isStageView(view) ? nextStage(view) : null;
  const batchLabel: Record<BatchAction, string> = {
    upgrade: viewNext ? t('batchUpgrade', { stage: stageNameOf(shipType, `move_${viewNext}`) }) : t('batchUpgradeAll'),
    demote: t('batchDemote'),
    abnormal: t('batchAbnormal'),
    detain: t('batchDetain'),
    void: t('batchVoid'),
    revoke: t('batchRevoke'),
  };

  const actionButton = (row: OrderRow, action: RowAction): ReactNode => {
    const link = (label: string, onClick?: () => void, danger = false) => (
      <Button key={action} type="link" size="small" danger={danger} onClick={onClick} data-testid={`order-${action}-${row.orderNo}`}>
        {label}
      </Button>
    );
    if (action === 'revoke') {
      const state = row.sideState as SideState;
      const name = t(`side_${state}`);
      return (
        <Popconfirm
          key={action}
          title={t('revokeConfirm', { no: row.orderNo, state: name })}
          onConfirm={awaitedByAntd(() => revoke.mutateAsync({ state, row }).catch(() => undefined))}
        >
          {link(t('actionRevoke', { state: name }))}
        </Popconfirm>
      );
    }
    const label = {
      detail: t('actionDetail'),
      edit: t('actionEdit'),
      demote: t('actionDemote'),
      abnormal: t('actionAbnormal'),
      detain: t('actionDetain'),
      void: t('actionVoid'),
      issues: t('actionIssues'),
    }[action];
    // editing lives in the detail drawer (its basic tab), next to what the order shows
    if (action === 'detail' || action === 'edit') return link(label, () => setDetailId(row.id));
    if (action === 'issues') return link(label, () => setIssueOrder(row));
    return link(label, () => setReason({ action, orders: [row] }), action === 'void');
  };

  const sorted = (key: OrderSort) => ({
    sorter: true,
    sortOrder: paged.filters.sortField === key ? (paged.filters.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const port = (value: OrderRow['originPort']) => (value ? `${value.code} ${localized(language, value.nameZh, value.nameEn)}` : EMPTY);

  type Column = TableColumnsType<OrderRow>[number];
  // a column titled by its message key, showing a field as text (---- when blank) or as a time
  const textColumn = (
    key: 'channel' | 'salesman' | 'waybill' | 'customsDeclarationNo' | 'flight' | 'voyage' | 'billOfLadingNo',
    field: keyof OrderRow,
  ): Column => ({
    key,
    title: t(key),
    dataIndex: field,
    render: text,
  });
  const timeColumn = (field: 'etd' | 'eta' | 'arrivedAt' | 'deliveredAt' | 'createdAt' | 'updatedAt'): Column => ({
    key: field,
    title: t(field),
    dataIndex: field,
    render: minuteOrEmpty,
  });

  const extraColumns: Record<OrderColumn, Column> = {
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
    etd: { ...timeColumn('etd'), ...sorted('etd') },
    eta: { ...timeColumn('eta'), ...sorted('eta') },
    billOfLadingNo: textColumn('billOfLadingNo', 'billOfLadingNo'),
    arrivedAt: timeColumn('arrivedAt'),
    consignee: {
      key: 'consignee',
      title: t('consignee'),
      render: (_, row) => (row.consignee ? `${row.consignee}${row.deliveryAddress ? ` · ${row.deliveryAddress}` : ''}` : EMPTY),
    },
    deliveredAt: timeColumn('deliveredAt'),
  };

  const mayOpenDetail = may('order:detail');
  const viewColumns = VIEW_COLUMNS[view].map((column) => extraColumns[column]);
  const hasColumn = (key: OrderColumn) => VIEW_COLUMNS[view].includes(key);
  // what a 1366 px screen shows without scrolling sideways (DEFAULT_SHOWN); every other column is in 列设置
  const columns: TableColumnsType<OrderRow> = shownByDefault([
    {
      key: 'orderNo',
      title: t('orderNo'),
      fixed: 'left',
      ...sorted('orderNo'),
      render: (_, row) =>
        mayOpenDetail ? (
          <LinkButton onClick={() => setDetailId(row.id)} data-testid={`order-no-${row.orderNo}`}>
            {row.orderNo}
          </LinkButton>
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
    { ...timeColumn('updatedAt'), ...sorted('updatedAt') },
    { key: 'shippingMark', title: t('shippingMark'), dataIndex: 'shippingMark' },
    { key: 'goodsName', title: t('goodsName'), dataIndex: 'goodsName' },
    {
      key: 'grossWeight',
      title: t('quantities'),
      align: 'right',
      ...sorted('grossWeight'),
      render: (_, row) => [row.packages, row.grossWeight, row.volume, row.chargeableWeight].map(text).join(' / '),
    },
    { ...timeColumn('createdAt'), ...sorted('createdAt') },
    actionsColumn(
      common('actions'),
      (row) => rowActions(view, { stage: row.stage, sideState: row.sideState }, may).map((action) => actionButton(row, action)),
      // the actions break over two lines rather than push the data columns out of view
      { fixed: 'right', wrap: true, empty: EMPTY, width: 130 },
    ),
  ]);

  return (
    <>
      <ListPage<OrderRow, OrderFilters>
        key={formVersion}
        list={paged}
        columns={columns}
        fixedFilters={{ ...fixed, sortField: paged.filters.sortField, sortOrder: paged.filters.sortOrder }}
        testId={`order-list-${shipType}-${view}`}
        exportPath="/order/list/export"
        exportName={`${shipType}-${view}.xlsx`}
        onSort={(field, order) => {
          const sortField = (ORDER_SORTS as readonly string[]).includes(field ?? '') ? (field as OrderSort) : undefined;
          paged.search({ ...paged.filters, sortField: order ? sortField : undefined, sortOrder: order && sortField ? order : undefined });
        }}
        rowSelection={
          batch.length || offersSeal || mayExport
            ? { selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys.map(Number)), preserveSelectedRowKeys: false }
            : undefined
        }
        toolbar={
          <>
            {batch.length || offersSeal || mayExport ? (
              <>
                {offersSeal ? (
                  <Button disabled={!selected.length} onClick={startSeal} data-testid="order-batch-seal">
                    {t('sealAction')}
                  </Button>
                ) : null}
                {batch.map((action) => (
                  <Button
                    key={action}
                    type={action === 'upgrade' ? 'primary' : 'default'}
                    danger={action === 'void'}
                    disabled={!selected.length}
                    onClick={() => startBatch(action)}
                    data-testid={`order-batch-${action}`}
                  >
                    {batchLabel[action]}
                  </Button>
                ))}
                {selected.length ? <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text> : null}
              </>
            ) : null}
            {/* the screen's orders with their waybill (air) or bill of lading (sea), and the shipping-information import */}
            <OrderExcelExportButton kind={air ? 'waybill' : 'bill'} filters={{ ...paged.filters, ...fixed }} ids={selected.map((row) => row.id)} />
            <ScInformationImportButton shipType={shipType} onImported={reload} />
          </>
        }
        searchFields={
          <>
            <Form.Item name="orderNo" label={t('orderNo')}>
              <Input allowClear maxLength={40} placeholder={t('orderNoPlaceholder')} style={{ width: 160 }} data-testid="order-filter-no" />
            </Form.Item>
            <Form.Item name="key" label={t('searchKey')}>
              <Input allowClear maxLength={50} placeholder={t('searchKeyPlaceholder')} style={{ width: 220 }} data-testid="order-filter-key" />
            </Form.Item>
            {/* the picker reads the customer lists, which not every order role may */}
            {may('customers:list') ? (
              <Form.Item name="customerId" label={t('customer')}>
                <CustomerSelect allowClear testId="order-filter-customer" load={rowsShown} />
              </Form.Item>
            ) : null}
            {seesAll ? (
              <Form.Item name="salesmanId" label={t('salesman')}>
                <SearchableSelect allowClear style={{ width: 140 }} options={salesmen.data?.map((staff) => ({ value: staff.id, label: staff.fullName }))} />
              </Form.Item>
            ) : null}
            <Form.Item name="originPortId" label={t('originPort')}>
              <SearchableSelect allowClear style={{ width: 180 }} options={origins.options} />
            </Form.Item>
            <Form.Item name="destinationPortId" label={t('destinationPort')}>
              <SearchableSelect allowClear style={{ width: 180 }} options={destinations.options} />
            </Form.Item>
            {air ? null : (
              <Form.Item name="containerNo" label={t('containerNo')}>
                <Input allowClear maxLength={20} style={{ width: 140 }} />
              </Form.Item>
            )}
            <Form.Item name="createdFrom" label={t('createdFrom')} {...dayBound('start')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="createdTo" label={t('createdTo')} {...dayBound('end')}>
              <DatePicker />
            </Form.Item>
          </>
        }
      />
      <UpgradeDialog shipType={shipType} request={upgrade} onClose={() => setUpgrade(null)} onMoved={afterBatch} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} onChanged={afterBatch} />
      <SealDialog orders={sealing} onClose={() => setSealing(null)} onSealed={afterBatch} />
      <LazyOrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} onChanged={reload} />
      {issueOrder ? (
        <OrderIssueDialog open orderId={issueOrder.id} orderNo={issueOrder.orderNo} shipType={shipType} onClose={() => setIssueOrder(null)} />
      ) : null}
    </>
  );
}
