import { SHIP_TYPES, type ShipType, type RecordView } from '@forwarder/domain';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type ApiData, type ApiPathParam, type Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** Calls of the finance screens (docs/finance.md, Calls). */

export type { ShipType };

/** An expense reimbursement (outgoing) or a payment hand-in (entry). */
export type FinanceRecord = Schema<'RecordView'>;
export type Voucher = FinanceRecord['vouchers'][number];

type RecordDetail = ApiData<'/finance/record/{id}', 'get'>;
export type RecordLog = RecordDetail['logs'][number];

/** What the record form sends. */
export type RecordFields = Omit<Schema<'RecordAddDto'>, 'submit'>;

export type RecordFilters = Omit<Schema<'RecordListDto'>, 'pageIndex' | 'pageSize' | 'sortField' | 'sortOrder'> & { view: RecordView };

/** The record list answers, beside the page, the sums per currency over every filtered record. */
export type WithTotals = Pick<ApiData<'/order/finance/list', 'post'>, 'totals'>;

export const RECORD_LIST_PATH = '/order/finance/list';

export const addRecord = (kind: ApiPathParam<'/order/finance/add/{kind}', 'post', 'kind'>, body: ApiBody<'/order/finance/add/{kind}', 'post'>) =>
  api.post('/order/finance/add/{kind}', { path: { kind }, body });
export const updateRecord = (body: ApiBody<'/order/finance/update', 'post'>) => api.post('/order/finance/update', { body });
export const amendRefusedRecord = (body: ApiBody<'/order/finance/rejected/amend', 'post'>) => api.post('/order/finance/rejected/amend', { body });
export const amendUnlockedRecord = (body: ApiBody<'/order/finance/unlocked/amend', 'post'>) => api.post('/order/finance/unlocked/amend', { body });
/** Sends registered records to audit. */
export const submitRecords = (ids: number[]) => api.post('/order/finance/batch/amend', { body: { ids } });
export const verifyRecord = (body: ApiBody<'/order/finance/single/verify', 'post'>) => api.post('/order/finance/single/verify', { body });
export const verifyRecords = (body: ApiBody<'/order/finance/batch/verify', 'post'>) => api.post('/order/finance/batch/verify', { body });
export const unlockRecord = (body: { id: number; ver: number; reason: string }) =>
  api.post('/order/finance/unlocked/{id}', { path: { id: body.id }, body: { reason: body.reason, ver: body.ver } });
/** Locks an unlocked record again, unchanged: each kind has its call. */
export const relockRecord = (record: Pick<FinanceRecord, 'id' | 'ver' | 'kind'>) =>
  api.post('/order/finance/{book}/lock/{id}', { path: { book: record.kind === 'outgoing' ? 'pay' : 'entry', id: record.id }, body: { ver: record.ver } });
export const deleteRecord = (id: number) => api.delete('/order/finance/delete/{id}', { path: { id } });

export function useRecordDetail(id: number | null) {
  return useQuery({
    queryKey: ['/finance/record', id],
    queryFn: id === null ? skipToken : () => api.get('/finance/record/{id}', { path: { id } }),
  });
}

/** Every record list, the order figures and what reads them (arrears, inquiry, commissions, the charges' trail) show the change. */
export function useRefreshFinance() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [RECORD_LIST_PATH, '/finance/record', ARREARS_PATH, INQUIRY_PATH, '/order/verify/detail', CHARGE_TRAIL_PATH, REBATE_LIST_PATH, RULE_LIST_PATH].map(
          (path) => client.invalidateQueries({ queryKey: [path] }),
        ),
      ).then(() => undefined),
    [client],
  );
}

/** An order in the record form's picker. */
export type OrderPick = Pick<Schema<'OrderView'>, 'id' | 'orderNo' | 'customerName'>;

/** Orders whose number starts with `orderNo`, on every line (the order list is one line at a time). */
export async function searchOrders(orderNo: string): Promise<OrderPick[]> {
  const pages = await Promise.all(SHIP_TYPES.map((shipType) => api.post('/order/list', { body: { shipType, orderNo, pageIndex: 1, pageSize: 10 } })));
  return pages.flatMap((page) => page.items.map(({ id, orderNo: no, customerName }) => ({ id, orderNo: no, customerName })));
}

/** A receivable or payable line of an order as a change answers it. */
export type ChargeLine = Schema<'ChargeView'>;
/** A line as the order's finance shows it: a voided line stays, with who voided it and why, and counts nowhere. */
export type Charge = OrderFinanceDetail['receivables'][number];
export type ChargeKind = ChargeLine['kind'];

/** What the charge form sends (`finance/add/{kind}`, `finance/charge/update` with id and ver). */
export type ChargeFields = Omit<Schema<'ChargeAddDto'>, 'orderId'>;

export const addCharge = (kind: ChargeKind, body: Schema<'ChargeAddDto'>) =>
  kind === 'receivable' ? api.post('/order/finance/add/receivable', { body }) : api.post('/order/finance/add/payable', { body });
export const updateCharge = (body: ApiBody<'/finance/charge/update', 'post'>) => api.post('/finance/charge/update', { body });
export const voidCharge = (charge: Pick<Charge, 'id' | 'ver'>, reason: string) =>
  api.post('/finance/charge/void/{id}', { path: { id: charge.id }, body: { reason, ver: charge.ver } });
/** Bills the order's freight from its quotation; the server answers why when no price applies. */
export const chargeFromQuote = (orderId: number, body: ApiBody<'/finance/charge/quote/{orderId}', 'post'>) =>
  api.post('/finance/charge/quote/{orderId}', { path: { orderId }, body });

export const CHARGE_TRAIL_PATH = '/finance/charge/log';

/** One change of an order's charges: the changed fields before and after, who, when, why. */
export type ChargeTrailEntry = ApiData<'/finance/charge/log/{orderId}', 'get'>[number];

export function useChargeTrail(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [CHARGE_TRAIL_PATH, orderId],
    queryFn: () => http.get<ChargeTrailEntry[]>(`${CHARGE_TRAIL_PATH}/${orderId}`),
    enabled,
  });
}

export type OrderFinanceDetail = ApiData<'/order/verify/detail/{orderId}', 'get'>;
/** An order's figures, in book currency. */
export type OrderFigures = OrderFinanceDetail['figures'];

export function useOrderFinance(orderId: number | null) {
  return useQuery({
    queryKey: ['/order/verify/detail', orderId],
    queryFn: orderId === null ? skipToken : () => api.get('/order/verify/detail/{orderId}', { path: { orderId } }),
  });
}

export const ARREARS_PATH = '/finance/arrears';
export type ArrearsGrouping = 'order' | 'customer' | 'salesman';

export type ArrearsFilters = Omit<Schema<'ArrearsDto'>, 'pageIndex' | 'pageSize'> & { groupBy: ArrearsGrouping };

/**
 * A table's row over an answer whose rows have several shapes: every field of any shape, optional unless
 * every shape has it (the arrears per order, customer or salesman; commissions due or paid).
 */
type RowOfAny<Rows> = Partial<UnionToIntersection<Rows>> & Pick<Rows, keyof Rows>;
type UnionToIntersection<U> = (U extends unknown ? (shape: U) => void : never) extends (shape: infer I) => void ? I : never;

type Arrears = ApiData<'/finance/arrears', 'post'>;
/** A row of the arrears list: one order, or the sums of one customer or salesman. */
export type ArrearsRow = RowOfAny<Arrears['items'][number]>;
export type ArrearsTotals = Pick<Arrears, 'totals'>;

export const REBATE_LIST_PATH = '/finance/rebate/list';

export type RebateFilters = Omit<Schema<'RebateListDto'>, 'pageIndex' | 'pageSize'>;

/** A commission due (`paid: false`) or paid (`paid: true`); its basis is a rule's (the list's SQL row reads it as text). */
export type RebateRow = Omit<RowOfAny<ApiData<'/finance/rebate/list', 'post'>['items'][number]>, 'basis'> & { basis?: RuleFields['basis'] | null };

/** A commission rule: the most specific enabled rule matching an order's line, salesman and customer level applies. */
export type CommissionRule = ApiData<'/finance/rebate/rule/list', 'post'>[number];

export type RuleFields = Schema<'RuleSaveDto'>;

export const RULE_LIST_PATH = '/finance/rebate/rule/list';

export function useCommissionRules(enabled: boolean) {
  return useQuery({ queryKey: [RULE_LIST_PATH], queryFn: () => api.post(RULE_LIST_PATH), enabled });
}

export const saveRule = (body: RuleFields) => api.post('/finance/rebate/rule/save', { body });
export const deleteRule = (id: number) => api.delete('/finance/rebate/rule/delete/{id}', { path: { id } });

export const payCommissions = (ids: number[]) => api.post('/finance/rebate/pay', { body: { ids } });
/** Reverses a paid commission: the order goes back to delivered (needs the order's ver). */
export const reverseCommission = ({ orderId, ...body }: { orderId: number } & ApiBody<'/order/brokerage/demotion/{id}', 'post'>) =>
  api.post('/order/brokerage/demotion/{id}', { path: { id: orderId }, body });
export const orderVer = (orderId: number) => api.get('/order/detail/{id}', { path: { id: orderId } }).then((order) => order.ver);

export const INQUIRY_PATH = '/finance/inquiry';

export type InquiryFilters = Omit<Schema<'InquiryDto'>, 'pageIndex' | 'pageSize'>;

type Inquiry = ApiData<'/finance/inquiry', 'post'>;
export type InquiryRow = Inquiry['items'][number];
export type InquiryTotals = Pick<Inquiry, 'totals'>;

export type ReportFilters = Schema<'ReportDto'>;

export const REPORT_PATH = '/order/finance/reporting';

export type StaffPick = Schema<'StaffPick'>;

/** Active salesmen (filters by salesman). */
export function useSalesmen(enabled = true) {
  return useQuery({
    queryKey: ['/user/list/role', 'salesman'],
    queryFn: () => api.post('/user/list/role', { body: { roleCode: 'salesman' } }),
    staleTime: 60_000,
    enabled,
  });
}

export type CustomerPick = Schema<'CustomerPick'>;

/** Customers the caller may work on, by part of their name (only for holders of a customer code). */
export const takeCustomers = (key: string) => api.post('/customers/take/list', { body: { key } });
