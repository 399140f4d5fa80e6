import { PAYMENT_METHOD_DICTIONARY, RECORD_STATUS_WORDS, RECORD_TYPE_DICTIONARY, type RecordKind } from '@forwarder/domain';
import type { ExportColumns } from '../common/list-export.js';
import { wordOf } from '../common/list-export.js';
import type { RecordView } from './records.service.js';

/** The dictionaries a record export reads its words from (type per kind, method). */
export const recordExportDictionaries = (kind: RecordKind) => [RECORD_TYPE_DICTIONARY[kind], PAYMENT_METHOD_DICTIONARY];

/**
 * The finance record lists' columns an export may take (the keys of the web client's record list columns),
 * each as the screen shows it: the type and method in their dictionary's words, the status in its word.
 */
export function recordExportColumns(kind: RecordKind, dict: (dictCode: string, value: string | null) => string | null): ExportColumns<RecordView> {
  return {
    recordNo: (r) => r.recordNo,
    orderNo: (r) => r.orderNo,
    customer: (r) => r.customerName,
    type: (r) => dict(RECORD_TYPE_DICTIONARY[kind], r.type),
    amount: (r) => `${r.currency} ${r.amount}`,
    rate: (r) => r.rate,
    bookAmount: (r) => r.bookAmount,
    counterparty: (r) => r.counterparty,
    method: (r) => dict(PAYMENT_METHOD_DICTIONARY, r.method),
    paidOn: (r) => r.paidOn,
    vouchers: (r) => r.vouchers.map((voucher) => voucher.fileName).join('; '),
    status: (r) => wordOf(RECORD_STATUS_WORDS, r.status),
    submittedAt: (r) => r.submittedAt,
    auditor: (r) => r.auditedByName,
    auditedAt: (r) => r.auditedAt,
    refuseReason: (r) => r.refuseReason,
    unlockReason: (r) => r.unlockReason,
    createdBy: (r) => r.createdByName,
    createdAt: (r) => r.createdAt,
  };
}
