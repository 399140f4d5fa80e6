import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import type { PriceFilters } from './api';
import { priceMessages } from './messages';
import { exportPrices } from './priceFiles';

/** The price list's buttons, each for the holders of its code: add (price:modify), export (price:export), import (price:import). */
export function PriceToolbar({ filters, onAdd, onImport }: { filters: PriceFilters; onAdd: () => void; onImport: () => void }) {
  const t = useMessages(priceMessages);
  const common = useMessages(listMessages);
  const { message } = App.useApp();
  const mayModify = usePermission(['price:modify']);
  const mayExport = usePermission(['price:export']);
  const mayImport = usePermission(['price:import']);
  const [busy, setBusy] = useState(false);

  /** The workbook of the filtered prices, with a loading message while the server builds it. */
  async function exportList() {
    setBusy(true);
    const hide = message.loading(t('exporting'), 0);
    try {
      await exportPrices(filters);
      message.success(t('exported'));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      hide();
      setBusy(false);
    }
  }

  return (
    <>
      {mayModify ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="price-add">
          {common('add')}
        </Button>
      ) : null}
      {mayExport ? (
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void exportList()} data-testid="price-export">
          {t('export')}
        </Button>
      ) : null}
      {mayImport ? (
        <Button icon={<UploadOutlined />} onClick={onImport} data-testid="price-import">
          {t('import')}
        </Button>
      ) : null}
    </>
  );
}
