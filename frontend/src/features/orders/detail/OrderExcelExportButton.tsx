import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
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
}

/** Exports the orders the list's filters select with their waybill or bill of lading as xlsx (order:export). */
export function OrderExcelExportButton({ kind, filters }: OrderExcelExportButtonProps) {
  const t = useMessages(orderDetailMessages);
  const { message } = App.useApp();
  const allowed = usePermission(['order:export']);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  async function run() {
    setBusy(true);
    try {
      await downloadFile(`/order/${kind}/excel`, filters, `${dayjs().format('YYYY-MM-DD')} ${t(`kind_${kind}`)}.xlsx`);
    } catch (error) {
      message.error(error instanceof RequestError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={`order-${kind}-excel`}>
      {t(kind === 'waybill' ? 'exportWaybillExcel' : 'exportBillExcel')}
    </Button>
  );
}
