import type { ShipType } from '@forwarder/domain';
import { Result } from 'antd';
import { useState } from 'react';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { useMessages } from '@/shared/i18n';
import { ListPage, usePagedList, useSave } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { deletePrice, PRICE_LIST_PATH, useRefreshPrices, type Price, type PriceFilters } from './api';
import { priceMessages } from './messages';
import { PriceBreaks, usePriceColumns } from './priceColumns';
import { PriceDialog } from './PriceDialog';
import { PriceSearchFields } from './PriceSearchFields';
import { PriceImportDialog } from './PriceImportDialog';
import { priceLineOf } from './priceRules';
import { PriceToolbar } from './PriceToolbar';

/** The cost and quotation table of one line (/price/smallbag …): the route says which line. */
export function PriceListPage() {
  const t = useMessages(priceMessages);
  const shipType = priceLineOf(usePageRoute().path);
  return shipType ? <PriceList key={shipType} shipType={shipType} /> : <Result status="404" title={t('unknownScreen')} />;
}

/** The list composed of its parts: filters (PriceSearchFields), columns (priceColumns), buttons (PriceToolbar) and dialogs. */
function PriceList({ shipType }: { shipType: ShipType }) {
  const list = usePagedList<Price, PriceFilters>(PRICE_LIST_PATH, { shipType });
  const refresh = useRefreshPrices();
  const mayModify = usePermission(['price:modify']);
  const mayExport = usePermission(['price:export']);
  const [dialog, setDialog] = useState<{ price: Price | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const reload = () => void refresh();
  const remove = useSave({ save: deletePrice, onSaved: reload, onStale: reload });
  const columns = usePriceColumns(mayModify ? { onEdit: (price) => setDialog({ price }), onDelete: (price) => remove.mutateAsync(price.id) } : undefined);

  return (
    <>
      <ListPage<Price, PriceFilters>
        list={list}
        columns={columns}
        fixedFilters={{ shipType }}
        testId={`price-list-${shipType}`}
        exportPath={mayExport ? '/price/list/export' : undefined}
        expandable={{ expandedRowRender: (price) => <PriceBreaks price={price} /> }}
        toolbar={<PriceToolbar filters={list.filters} onAdd={() => setDialog({ price: null })} onImport={() => setImporting(true)} />}
        searchFields={<PriceSearchFields shipType={shipType} />}
      />
      <PriceDialog shipType={shipType} price={dialog?.price ?? null} open={dialog !== null} onClose={() => setDialog(null)} />
      {importing ? <PriceImportDialog shipType={shipType} onImported={reload} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
