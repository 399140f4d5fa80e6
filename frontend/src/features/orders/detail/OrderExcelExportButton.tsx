import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { downloadFile, RequestError } from '@/shared/request';
import type { OrderFilters } from '../api';
import { orderDetailMessages } from './messages';

export interface OrderExcelExportButtonProps {
  /** waybill/excel (air lines) or bill/excel (sea lines) */
  kind: 'waybill' | 'bill';
  /** the list's current filters (line, view, search fields); paging is ignored by the server */
  filters: OrderFilters;
  /** the ticked orders: exported alone; none ticked exports every order the filters select */
  ids: readonly number[];
}

/** Exports the ticked orders, or with none ticked all the list's filters select, with their waybill or bill of lading as xlsx (order:export). */
export function OrderExcelExportButton({ kind, filters, ids }: OrderExcelExportButtonProps) {
  const t = useMessages(orderDetailMessages);
  const { message } = App.useApp();
  const allowed = usePermission(['order:export']);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  async function run() {
    setBusy(true);
    try {
      const body = ids.length ? { ...filters, ids: [...ids] } : filters;
      await downloadFile(`/order/${kind}/excel`, body, `${dayjs().format('YYYY-MM-DD')} ${t(`kind_${kind}`)}.xlsx`);
    } catch (error) {
      message.error(error instanceof RequestError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  const label = kind === 'waybill' ? 'exportWaybillExcel' : 'exportBillExcel';
  return (
    <Tooltip title={ids.length ? undefined : t('exportExcelAll')}>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={`order-${kind}-excel`}>
        {ids.length ? t(`${label}Selected`, { count: ids.length }) : t(label)}
      </Button>
    </Tooltip>
  );
}
