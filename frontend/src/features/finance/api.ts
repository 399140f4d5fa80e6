import { SHIP_TYPES, type ShipType } from '@forwarder/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http, type Page } from '@/shared/request';
import type { AgeingBucket } from './ageing';
import type { Amount, CurrencyTotal } from './money';
import type { RecordKind, RecordScreen, RecordStatus } from './recordScreens';

/** Calls of the finance screens (docs/finance.md, Calls). */

export type { ShipType };

export interface Voucher {
  id: number;
  fileName: string;
  url: string;
}

/** An expense reimbursement (outgoing) or a payment hand-in (entry). */
export interface FinanceRecord {
  id: number;
  recordNo: string;
  kind: RecordKind;
  status: RecordStatus;
  orderId: number | null;
  orderNo: string | null;
  customerId: number | null;
  customerCode: string | null;
  customerName: string | null;
  type: string;
  amount: Amount;
  currency: string;
  rate: Amount;
  bookAmount: Amount;
  counterparty: string;
  method: string;
  paidOn: string;
  voucherIds: number[];
  vouchers: Voucher[];
  remark: string | null;
  refuseReason: string | null;
  unlockReason: string | null;
  submittedAt: string | null;
  auditedBy: number | null;
  auditedByName: string | null;
  auditedAt: string | null;
  createdBy: number;
  createdByName: string | null;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

export interface RecordLog {
  action: string;
  fromStatus: RecordStatus | null;
  toStatus: RecordStatus | null;
  reason: string | null;
  userId: number;
  userName: string | null;
  createdAt: string;
}

/** What the record form sends. */
export interface RecordFields {
  orderId?: number | null;
  type: string;
  amount: number;
  currency: string;
  rate?: number | null;
  counterparty: string;
  method: string;
  paidOn: string;
  voucherIds?: number[];
  remark?: string | null;
}

export interface RecordFilters {
  kind: RecordKind;
  view: RecordScreen;
  recordNo?: string;
  orderNo?: string;
  type?: string;
  currency?: string;
  method?: string;
  paidFrom?: string;
  paidTo?: string;
  key?: string;
}

/** The record list answers, beside the page, the sums per currency over every filtered record. */
export interface WithTotals {
  totals: CurrencyTotal[];
}

export const RECORD_LIST_PATH = '/order/finance/list';

export const addRecord = (kind: RecordKind, body: RecordFields & { submit?: boolean }) => http.post<FinanceRecord>(`/order/finance/add/${kind}`, body);
export const updateRecord = (body: RecordFields & { id: number; ver: number }) => http.post<FinanceRecord>('/order/finance/update', body);
export const amendRefusedRecord = (body: RecordFields & { id: number; ver: number }) => http.post<FinanceRecord>('/order/finance/rejected/amend', body);
export const amendUnlockedRecord = (body: RecordFields & { id: number; ver: number }) => http.post<FinanceRecord>('/order/finance/unlocked/amend', body);
/** Sends registered records to audit. */
export const submitRecords = (ids: number[]) => http.post<{ count: number }>('/order/finance/batch/amend', { ids });
export const verifyRecord = (body: { id: number; ver: number; pass: boolean; reason?: string }) => http.post<FinanceRecord>('/order/finance/single/verify', body);
export const verifyRecords = (body: { ids: number[]; pass: boolean; reason?: string }) => http.post<{ count: number }>('/order/finance/batch/verify', body);
export const unlockRecord = (body: { id: number; ver: number; reason: string }) =>
  http.post<FinanceRecord>(`/order/finance/unlocked/${body.id}`, { reason: body.reason, ver: body.ver });
/** Locks an unlocked record again, unchanged: each kind has its call. */
export const relockRecord = (record: Pick<FinanceRecord, 'id' | 'ver' | 'kind'>) =>
  http.post<FinanceRecord>(`/order/finance/${record.kind === 'outgoing' ? 'pay' : 'entry'}/lock/${record.id}`, { ver: record.ver });
export const deleteRecord = (id: number) => http.delete<null>(`/order/finance/delete/${id}`);

export function useRecordDetail(id: number | null) {
  return useQuery({
    queryKey: ['/finance/record', id],
    queryFn: () => http.get<FinanceRecord & { logs: RecordLog[] }>(`/finance/record/${id}`),
    enabled: id !== null,
  });
}

/** Every record list, the order figures and what reads them (arrears, inquiry, commissions, the charges' trail) show the change. */
export function useRefreshFinance() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [RECORD_LIST_PATH, '/finance/record', ARREARS_PATH, INQUIRY_PATH, '/order/verify/detail', CHARGE_TRAIL_PATH, REBATE_LIST_PATH, RULE_LIST_PATH].map((path) =>
          client.invalidateQueries({ queryKey: [path] }),
        ),
      ).then(() => undefined),
    [client],
  );
}

/** An order in the record form's picker. */
export interface OrderPick {
  id: number;
  orderNo: string;
  customerName: string | null;
}

export { SHIP_TYPES };

/** Orders whose number starts with `orderNo`, on every line (the order list is one line at a time). */
export async function searchOrders(orderNo: string): Promise<OrderPick[]> {
  const pages = await Promise.all(
    SHIP_TYPES.map((shipType) => http.post<Page<OrderPick>>('/order/list', { shipType, orderNo, pageIndex: 1, pageSize: 10 })),
  );
  return pages.flatMap((page) => page.items.map(({ id, orderNo: no, customerName }) => ({ id, orderNo: no, customerName })));
}

export type ChargeKind = 'receivable' | 'payable';

/** A receivable or payable line of an order; a voided line stays, with who voided it and why, and counts nowhere. */
export interface Charge {
  id: number;
  orderId: number;
  orderNo: string;
  kind: ChargeKind;
  type: string;
  amount: Amount;
  currency: string;
  rate: Amount;
  /** percent */
  taxRate: Amount;
  tax: Amount;
  /** amount + tax */
  total: Amount;
  /** the total in book currency */
  bookAmount: Amount;
  counterparty: string | null;
  chargedOn: string;
  remark: string | null;
  createdBy: number;
  voidedAt: string | null;
  voidedBy: number | null;
  voidedByName?: string | null;
  voidReason: string | null;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

/** What the charge form sends (`finance/add/{kind}`, `finance/charge/update` with id and ver). */
export interface ChargeFields {
  type: string;
  amount: number;
  currency: string;
  rate: number | null;
  taxRate: number;
  counterparty: string | null;
  chargedOn: string;
  remark: string | null;
}

export const addCharge = (kind: ChargeKind, body: ChargeFields & { orderId: number }) => http.post<Charge>(`/order/finance/add/${kind}`, body);
export const updateCharge = (body: ChargeFields & { id: number; ver: number }) => http.post<Charge>('/finance/charge/update', body);
export const voidCharge = (charge: Pick<Charge, 'id' | 'ver'>, reason: string) => http.post<Charge>(`/finance/charge/void/${charge.id}`, { reason, ver: charge.ver });
/** Bills the order's freight from its quotation; the server answers why when no price applies. */
export const chargeFromQuote = (orderId: number, body: { rate?: number | null; taxRate?: number }) => http.post<Charge>(`/finance/charge/quote/${orderId}`, body);

export const CHARGE_TRAIL_PATH = '/finance/charge/log';

/** One change of an order's charges: the changed fields before and after, who, when, why. */
export interface ChargeTrailEntry {
  id: number;
  chargeId: number;
  orderId: number;
  action: 'add' | 'quote' | 'import' | 'update' | 'void';
  kind: ChargeKind | null;
  type: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  userId: number;
  userName: string | null;
  createdAt: string;
}

export function useChargeTrail(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [CHARGE_TRAIL_PATH, orderId],
    queryFn: () => http.get<ChargeTrailEntry[]>(`${CHARGE_TRAIL_PATH}/${orderId}`),
    enabled,
  });
}

/** An order's figures, in book currency. */
export interface OrderFigures {
  revenue: Amount;
  payable: Amount;
  expense: Amount;
  cost: Amount;
  received: Amount;
  outstanding: Amount;
  profit: Amount;
  margin: Amount | null;
  billedOn: string | null;
}

export interface OrderFinanceDetail {
  order: {
    id: number;
    orderNo: string;
    shipType: ShipType;
    stage: string;
    sideState: string | null;
    customerId: number;
    customerCode: string | null;
    customerName: string | null;
    salesmanId: number | null;
    salesmanName: string | null;
  };
  figures: OrderFigures;
  receivables: Charge[];
  payables: Charge[];
  entries: FinanceRecord[];
  outgoings: FinanceRecord[];
  commission: { amount: Amount; rate: Amount; base: Amount; paidAt: string | null } | null;
}

export function useOrderFinance(orderId: number | null) {
  return useQuery({
    queryKey: ['/order/verify/detail', orderId],
    queryFn: () => http.get<OrderFinanceDetail>(`/order/verify/detail/${orderId}`),
    enabled: orderId !== null,
  });
}

export const ARREARS_PATH = '/finance/arrears';
export type ArrearsGrouping = 'order' | 'customer' | 'salesman';

export interface ArrearsFilters {
  groupBy: ArrearsGrouping;
  asOf?: string;
  shipType?: ShipType;
  salesmanId?: number;
  customerId?: number;
  bucket?: AgeingBucket;
}

export type BucketSums = Record<AgeingBucket, Amount>;

/** A row of the arrears list: one order, or the sums of one customer or salesman. */
export type ArrearsRow = Partial<BucketSums> & {
  orderId?: number;
  orderNo?: string;
  shipType?: ShipType;
  customerId?: number;
  customerCode?: string | null;
  customerName?: string | null;
  salesmanId?: number | null;
  salesmanName?: string | null;
  revenue?: Amount;
  received?: Amount;
  outstanding: Amount;
  billedOn?: string | null;
  ageDays?: number;
  bucket?: AgeingBucket;
  orders?: number;
};

export interface ArrearsTotals {
  totals: BucketSums & { orders: number; outstanding: Amount };
}

export const REBATE_LIST_PATH = '/finance/rebate/list';

export interface RebateFilters {
  paid: boolean;
  shipType?: ShipType;
  salesmanId?: number;
  orderNo?: string;
}

/** A commission due (`paid: false`) or paid (`paid: true`). */
export interface RebateRow {
  id?: number;
  orderId: number;
  orderNo: string;
  shipType: ShipType;
  customerName: string | null;
  salesmanName: string | null;
  deliveredAt?: string | null;
  revenue?: Amount;
  cost?: Amount;
  profit?: Amount;
  ruleId?: number | null;
  ruleName?: string | null;
  basis?: 'revenue' | 'profit';
  rate?: Amount | null;
  commission?: Amount | null;
  base?: Amount;
  amount?: Amount;
  paidByName?: string | null;
  paidAt?: string | null;
}

/** A commission rule: the most specific enabled rule matching an order's line, salesman and customer level applies. */
export interface CommissionRule {
  id: number;
  name: string;
  shipType: ShipType | null;
  salesmanId: number | null;
  customerLevel: string | null;
  basis: 'revenue' | 'profit';
  /** percent, 0–100 */
  rate: number;
  enabled: boolean;
  ver: number;
}

export type RuleFields = Omit<CommissionRule, 'id' | 'ver'> & { id?: number; ver?: number };

export const RULE_LIST_PATH = '/finance/rebate/rule/list';

export function useCommissionRules(enabled: boolean) {
  return useQuery({ queryKey: [RULE_LIST_PATH], queryFn: () => http.post<CommissionRule[]>(RULE_LIST_PATH), enabled });
}

export const saveRule = (body: RuleFields) => http.post<CommissionRule>('/finance/rebate/rule/save', body);
export const deleteRule = (id: number) => http.delete<null>(`/finance/rebate/rule/delete/${id}`);

export const payCommissions = (ids: number[]) => http.post<{ count: number; amount: Amount }>('/finance/rebate/pay', { ids });
/** Reverses a paid commission: the order goes back to delivered (needs the order's ver). */
export const reverseCommission = (body: { orderId: number; reason: string; ver: number }) =>
  http.post<unknown>(`/order/brokerage/demotion/${body.orderId}`, { reason: body.reason, ver: body.ver });
export const orderVer = (orderId: number) => http.get<{ ver: number }>(`/order/detail/${orderId}`).then((order) => order.ver);

export const INQUIRY_PATH = '/finance/inquiry';

export interface InquiryFilters {
  orderNo?: string;
  customerId?: number;
  containerNo?: string;
  shipType?: ShipType;
  salesmanId?: number;
  createdFrom?: string;
  createdTo?: string;
}

export interface InquiryRow extends Omit<OrderFigures, 'billedOn'> {
  orderId: number;
  orderNo: string;
  shipType: ShipType;
  stage: string;
  sideState: string | null;
  customerId: number;
  customerCode: string | null;
  customerName: string | null;
  salesmanId: number | null;
  salesmanName: string | null;
  containerNo: string | null;
  createdAt: string;
  commission: Amount | null;
}

export interface InquiryTotals {
  totals: { revenue: Amount; cost: Amount; received: Amount; outstanding: Amount; profit: Amount };
}

export interface ReportFilters {
  from: string;
  to: string;
  shipType?: ShipType;
  salesmanId?: number;
  customerId?: number;
}

export const REPORT_PATH = '/order/finance/reporting';

export interface StaffPick {
  id: number;
  fullName: string;
}

/** Active salesmen (filters by salesman). */
export function useSalesmen(enabled = true) {
  return useQuery({
    queryKey: ['/user/list/role', 'salesman'],
    queryFn: () => http.post<StaffPick[]>('/user/list/role', { roleCode: 'salesman' }),
    staleTime: 60_000,
    enabled,
  });
}

export interface CustomerPick {
  id: number;
  name: string;
}

/** Customers the caller may work on, by part of their name (only for holders of a customer code). */
export const takeCustomers = (key: string) => http.post<CustomerPick[]>('/customers/take/list', { key });
