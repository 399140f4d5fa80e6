import { MAIL_STATUS_WORDS, STAGE_NAMES, type OrderStage } from '@forwarder/domain';
import { inLang, wordOf, type ExportColumns } from '../common/list-export.js';
import type { MailLogView } from './mail.dto.js';

/** The outbox list's exportable columns (the screen's column keys). */
export const MAIL_LOG_EXPORT_COLUMNS: ExportColumns<MailLogView> = {
  status: (r) => wordOf(MAIL_STATUS_WORDS, r.status),
  recipient: (r) => r.recipient,
  subject: (r) => r.subject,
  orderNo: (r) => r.orderNo,
  stage: (r) => inLang(STAGE_NAMES[`stage_${r.stage as OrderStage}`] ?? [r.stage, r.stage]),
  customerName: (r) => r.customerName,
  salesmanName: (r) => r.salesmanName,
  attempts: (r) => r.attempts,
  lastError: (r) => r.lastError,
  createdAt: (r) => r.createdAt,
  sentAt: (r) => r.sentAt,
  updatedAt: (r) => r.updatedAt,
};
