import { type ShipType, ORDER_SORTS, type OrderSort } from '@forwarder/domain';
import { Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { setSearchWord, useSearchWord } from '@/shared/orders/searchWord';
import { ListPage, usePagedList } from '@/shared/list';
import { ORDER_LIST_PATH, useRefreshOrders, type OrderFilters, type OrderRow } from './api';
import { useOrderColumns } from './orderColumns';
import { useOrderListDialogs } from './OrderListDialogs';
import { OrderListToolbar, useOrderBatches } from './OrderListToolbar';
import { useOrderActionButton } from './OrderRowActions';
import { OrderSearchFields } from './OrderSearchFields';
import { firstOrderFilters, orderListName, orderScreenOf, type OrderView } from './orderScreens';

/** The thirteen list screens of a line (/smallbag/warehouse … /smallbag/delete): the route says which. */
export function OrderListPage() {
  const screen = orderScreenOf(usePageRoute().path);
  return screen ? <OrderListScreen key={`${screen.shipType}/${screen.view}`} shipType={screen.shipType} view={screen.view} /> : <Result status="404" />;
}

/**
 * A list screen composed of its parts (search fields, columns, row actions, toolbar, dialogs); it keeps
 * the list, the ticked rows and the top-bar search's hand-over.
 */
function OrderListScreen({ shipType, view }: { shipType: ShipType; view: OrderView }) {
  // the top-bar search hands its word to the All screen, which takes it as the key filter (a new search
  // form shows it) in the render that sees it
  const searchWord = useSearchWord(shipType);
  const takesSearch = view === 'all';
  const fixed = { shipType, view };
  const [params] = useSearchParams();
  const paged = usePagedList<OrderRow, OrderFilters>(ORDER_LIST_PATH, firstOrderFilters(fixed, searchWord, params));
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

  // the filters' choices and the drawer's code are asked for once the rows are drawn (or the first page failed)
  const rowsShown = paged.data !== undefined || !paged.isFetching;
  const refreshOrders = useRefreshOrders();
  const reload = () => void refreshOrders();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  // the selected rows as the page now shows them (fresh ver after a reload)
  const selected = useMemo(() => (paged.data?.items ?? []).filter((row) => selectedIds.includes(row.id)), [paged.data, selectedIds]);
  const dialogs = useOrderListDialogs(shipType, {
    rowsShown,
    onBatchDone: () => {
      setSelectedIds([]);
      reload();
    },
    onChanged: reload,
  });
  const actionButton = useOrderActionButton(dialogs, reload);
  const columns = useOrderColumns(shipType, view, { sort: paged.filters, actionButton, onOpenDetail: dialogs.openDetail });
  const { selectable } = useOrderBatches(shipType, view);

  return (
    <>
      <ListPage<OrderRow, OrderFilters>
        key={formVersion}
        list={paged}
        columns={columns}
        fixedFilters={{ ...fixed, sortField: paged.filters.sortField, sortOrder: paged.filters.sortOrder }}
        testId={orderListName(fixed)}
        exportPath="/order/list/export"
        exportName={`${shipType}-${view}.xlsx`}
        onSort={(field, order) => {
          const sortField = (ORDER_SORTS as readonly string[]).includes(field ?? '') ? (field as OrderSort) : undefined;
          paged.search({ ...paged.filters, sortField: order ? sortField : undefined, sortOrder: order && sortField ? order : undefined });
        }}
        rowSelection={
          selectable ? { selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys.map(Number)), preserveSelectedRowKeys: false } : undefined
        }
        toolbar={<OrderListToolbar shipType={shipType} view={view} selected={selected} filters={paged.filters} dialogs={dialogs} onImported={reload} />}
        searchFields={<OrderSearchFields shipType={shipType} rowsShown={rowsShown} />}
      />
      {dialogs.dialogs}
    </>
  );
}
