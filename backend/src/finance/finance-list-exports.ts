import { AGE_BUCKET_WORDS, COMMISSION_BASIS_WORDS } from '@forwarder/domain';
import { lineWord, wordOf, type ExportColumns } from '../common/list-export.js';
import { sideName, type StageWording } from '../orders/order/stage-names.js';
import type { AnalysisService } from './analysis.service.js';
import type { CommissionService } from './commission.service.js';

type ArrearsRow = Awaited<ReturnType<AnalysisService['arrears']>>['items'][number];
type InquiryRow = Awaited<ReturnType<AnalysisService['inquiry']>>['items'][number];
type RebateRow = Awaited<ReturnType<CommissionService['list']>>['items'][number];

/** A field of a row whose shape depends on the view (arrears per order, customer or salesman; commissions due or paid). */
const field = (row: object, name: string): unknown => (row as Record<string, unknown>)[name] ?? null;
const percent = (ratio: number | null) => (ratio === null ? null : `${(ratio * 100).toFixed(2)}%`);

/** The arrears screen's columns (per order, customer or salesman: the view's keys), each as the screen shows it. */
export const ARREARS_EXPORT_COLUMNS: ExportColumns<ArrearsRow> = {
  orderNo: (r) => field(r, 'orderNo'),
  shipType: (r) => lineWord(field(r, 'shipType') as string | null),
  customer: (r) => field(r, 'customerName'),
  customerCode: (r) => [field(r, 'customerCode'), field(r, 'customerName')].filter(Boolean).join(' '),
  salesman: (r) => field(r, 'salesmanName'),
  revenue: (r) => field(r, 'revenue'),
  received: (r) => field(r, 'received'),
  outstanding: (r) => r.outstanding,
  billedOn: (r) => field(r, 'billedOn'),
  ageDays: (r) => field(r, 'ageDays'),
  bucket: (r) => wordOf(AGE_BUCKET_WORDS, field(r, 'bucket') as string | null),
  orders: (r) => field(r, 'orders'),
  d0_30: (r) => field(r, 'd0_30'),
  d31_60: (r) => field(r, 'd31_60'),
  d61_90: (r) => field(r, 'd61_90'),
  d90plus: (r) => field(r, 'd90plus'),
};

/** The order inquiry's columns: the stage in the line's words (and the hold), the margin as a percentage. */
export function inquiryExportColumns(words: StageWording): ExportColumns<InquiryRow> {
  return {
    orderNo: (r) => r.orderNo,
    shipType: (r) => lineWord(r.shipType),
    stage: (r) => `${words.stage(r.shipType, r.stage)}${r.sideState ? ` · ${sideName(r.sideState)}` : ''}`,
    customer: (r) => r.customerName,
    salesman: (r) => r.salesmanName,
    containerNo: (r) => r.containerNo,
    createdAt: (r) => r.createdAt,
    revenue: (r) => r.revenue,
    cost: (r) => r.cost,
    received: (r) => r.received,
    profit: (r) => r.profit,
    commission: (r) => r.commission,
    outstanding: (r) => r.outstanding,
    margin: (r) => percent(r.margin),
  };
}

/** The commission list's columns (due or paid: the view's keys), the basis in its word. */
export const REBATE_EXPORT_COLUMNS: ExportColumns<RebateRow> = {
  orderNo: (r) => r.orderNo,
  shipType: (r) => lineWord(r.shipType),
  customer: (r) => r.customerName,
  salesman: (r) => r.salesmanName,
  basis: (r) => wordOf(COMMISSION_BASIS_WORDS, r.basis),
  base: (r) => field(r, 'base'),
  rate: (r) => (r.rate === null || r.rate === undefined ? null : `${r.rate}%`),
  amount: (r) => field(r, 'amount'),
  paidBy: (r) => field(r, 'paidByName'),
  paidAt: (r) => field(r, 'paidAt'),
  deliveredAt: (r) => field(r, 'deliveredAt'),
  revenue: (r) => field(r, 'revenue'),
  cost: (r) => field(r, 'cost'),
  profit: (r) => field(r, 'profit'),
  rule: (r) => (r.ruleId ? [field(r, 'ruleName'), wordOf(COMMISSION_BASIS_WORDS, r.basis)].filter(Boolean).join(' · ') : null),
  commission: (r) => field(r, 'commission'),
};
