import { DATA_CHANGE_OPERATION_WORDS, DATA_CHANGE_TABLE_WORDS, GOODS_RECEIPT_KIND_WORDS, NOTICE_AUDIENCE_WORDS, NOTICE_STATUS_WORDS } from '@forwarder/domain';
import { inLang, wordOf, type ExportColumns } from '../../common/list-export.js';
import type { WarehouseReceipt } from '../../orders/cargo/warehouse-receipts.js';
import type { NoticeLogView, StoredFileLogView } from './log-records.service.js';
import type { DataChangeView, ErrorView, RequestView } from './log.service.js';

/** The log screens' columns an export may take (the keys of each screen's columns), coded values in their words. */

export const REQUEST_LOG_EXPORT_COLUMNS: ExportColumns<RequestView> = {
  method: (r) => r.method,
  path: (r) => r.path,
  status: (r) => r.status,
  durationMs: (r) => r.durationMs,
  userName: (r) => r.userName,
  ip: (r) => r.ip,
  requestId: (r) => r.requestId,
  createdAt: (r) => r.createdAt,
};

export const ERROR_LOG_EXPORT_COLUMNS: ExportColumns<ErrorView> = {
  message: (r) => r.message,
  route: (r) => [r.method, r.route].filter(Boolean).join(' '),
  userName: (r) => r.userName,
  requestId: (r) => r.requestId,
  createdAt: (r) => r.createdAt,
};

export const SQL_LOG_EXPORT_COLUMNS: ExportColumns<DataChangeView> = {
  tableName: (r) => wordOf(DATA_CHANGE_TABLE_WORDS, r.tableName),
  operation: (r) => wordOf(DATA_CHANGE_OPERATION_WORDS, r.operation),
  businessNo: (r) => r.businessNo,
  recordId: (r) => r.recordId,
  userName: (r) => r.userName,
  createdAt: (r) => r.createdAt,
};

export const FILES_LOG_EXPORT_COLUMNS: ExportColumns<StoredFileLogView> = {
  fileName: (r) => r.fileName,
  size: (r) => r.size,
  mimeType: (r) => r.mimeType,
  filePath: (r) => r.filePath,
  uploaderName: (r) => r.uploaderName,
  createdAt: (r) => r.createdAt,
};

export const GOODS_LOG_EXPORT_COLUMNS: ExportColumns<WarehouseReceipt> = {
  receiptNo: (r) => r.receiptNo,
  orderNo: (r) => r.orderNo,
  kind: (r) => wordOf(GOODS_RECEIPT_KIND_WORDS, r.kind),
  packages: (r) => r.packages,
  grossWeight: (r) => r.grossWeight,
  volume: (r) => r.volume,
  chargeableWeight: (r) => r.chargeableWeight,
  location: (r) => r.location,
  remark: (r) => r.remark,
  receivedByName: (r) => r.receivedByName,
  receivedAt: (r) => r.receivedAt,
  recordedAt: (r) => r.recordedAt,
};

export const NOTICE_LOG_EXPORT_COLUMNS: ExportColumns<NoticeLogView> = {
  title: (r) => r.title,
  status: (r) => wordOf(NOTICE_STATUS_WORDS, r.status),
  audience: (r) =>
    r.audience === 'roles'
      ? `${inLang(NOTICE_AUDIENCE_WORDS.roles)} (${r.audienceRoleIds.length})`
      : r.audience === 'users'
        ? `${inLang(NOTICE_AUDIENCE_WORDS.users)} (${r.audienceUserIds.length})`
        : inLang(NOTICE_AUDIENCE_WORDS.all),
  publishedAt: (r) => r.publishedAt,
  withdrawnAt: (r) => r.withdrawnAt,
  authorName: (r) => r.authorName,
  read: (r) => `${r.readCount}/${r.audienceSize}`,
};
