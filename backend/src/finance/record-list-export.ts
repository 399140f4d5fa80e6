import { shanghaiDay } from '@forwarder/domain';
import type { Principal } from '../common/access.decorators.js';
import { listExport, splitExport, type ExportColumns } from '../common/list-export.js';
import type { RecordListExportDto } from './finance.dto.js';
import type { RecordsService, RecordView } from './records.service.js';

/** The finance record lists' columns an export may take (the keys of the web client's record list columns). */
export const RECORD_EXPORT_COLUMNS: ExportColumns<RecordView> = {
  recordNo: (r) => r.recordNo,
  orderNo: (r) => r.orderNo,
  customer: (r) => r.customerName,
  type: (r) => r.type,
  amount: (r) => `${r.currency} ${r.amount}`,
  rate: (r) => r.rate,
  bookAmount: (r) => r.bookAmount,
  counterparty: (r) => r.counterparty,
  method: (r) => r.method,
  paidOn: (r) => r.paidOn,
  status: (r) => r.status,
  submittedAt: (r) => r.submittedAt,
  auditor: (r) => r.auditedByName,
  auditedAt: (r) => r.auditedAt,
  refuseReason: (r) => r.refuseReason,
  unlockReason: (r) => r.unlockReason,
  createdBy: (r) => r.createdByName,
  createdAt: (r) => r.createdAt,
};

/** 导出当前列表 of a finance record list: the pages its own `list` answers for the caller (kind, screen, filters, scope). */
export function recordListExport(records: RecordsService, dto: RecordListExportDto, user: Principal) {
  const { columns, query } = splitExport(dto);
  return listExport(`finance-${query.kind}-${shanghaiDay(new Date())}.xlsx`, columns, RECORD_EXPORT_COLUMNS, (pageIndex, pageSize) =>
    records.list({ ...query, pageIndex, pageSize }, user),
  );
}
