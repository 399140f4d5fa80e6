import { CUSTOMER_REVIEW_WORDS } from '@forwarder/domain';
import { wordOf, yesNo, type ExportColumns } from '../common/list-export.js';
import type { CustomerRow } from './customers.dto.js';

/** The customer lists' columns an export may take (the keys of the web client's customer list columns). */
export const CUSTOMER_EXPORT_COLUMNS: ExportColumns<CustomerRow> = {
  code: (r) => r.code,
  companyName: (r) => r.companyName,
  contactName: (r) => r.contactName,
  phone: (r) => [r.phone, r.mobile].filter(Boolean).join(' / '),
  email: (r) => r.email,
  country: (r) => r.country,
  source: (r) => r.source,
  level: (r) => r.level,
  createdAt: (r) => r.createdAt,
  salesman: (r) => r.salesmanName,
  reviewStatus: (r) => wordOf(CUSTOMER_REVIEW_WORDS, r.reviewStatus),
  createdBy: (r) => r.createdByName,
  reviewer: (r) => r.reviewerName,
  reviewedAt: (r) => r.reviewedAt,
  reviewRemark: (r) => r.reviewRemark,
  protectedUntil: (r) => (r.protected ? r.protectedUntil : null),
  lastOrderAt: (r) => r.lastOrderAt,
  idleSince: (r) => r.idleSince,
  publicSince: (r) => r.publicSince,
  wechatCount: (r) => r.wechatCount,
  acceptEmail: (r) => yesNo(r.acceptEmail),
};
