import { SHIP_TYPES, type ShipType } from '@forwarder/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiBody, ApiData, ApiPathParam, Schema } from '@/shared/api';
import { http, type Page } from '@/shared/request';
import type { RecordScreen } from './recordScreens';

/** Calls of the finance screens (docs/finance.md, Calls). */

export type { ShipType };

/** An expense reimbursement (outgoing) or a payment hand-in (entry). */
export type FinanceRecord = Schema<'RecordView'>;
export type Voucher = FinanceRecord['vouchers'][number];

type RecordDetail = ApiData<'/finance/record/{id}', 'get'>;
export type RecordLog = RecordDetail['logs'][number];

/** What the record form sends. */
export type RecordFields = Omit<Schema<'RecordAddDto'>, 'submit'>;

export type RecordFilters = Omit<Schema<'RecordListDto'>, 'pageIndex' | 'pageSize' | 'sortField' | 'sortOrder'> & { view: RecordScreen };

/** The record list answers, beside the page, the sums per currency over every filtered record. */
export type WithTotals = Pick<ApiData<'/order/finance/list', 'post'>, 'totals'>;

export const RECORD_LIST_PATH = '/order/finance/list';

export const addRecord = (kind: ApiPathParam<'/order/finance/add/{kind}', 'post', 'kind'>, body: ApiBody<'/order/finance/add/{kind}', 'post'>) =>
  http.post<ApiData<'/order/finance/add/{kind}', 'post'>>(`/order/finance/add/${kind}`, body);
export const updateRecord = (body: ApiBody<'/order/finance/update', 'post'>) => http.post<FinanceRecord>('/order/finance/update', body);
export const amendRefusedRecord = (body: ApiBody<'/order/finance/rejected/amend', 'post'>) => http.post<FinanceRecord>('/order/finance/rejected/amend', body);
export const amendUnlockedRecord = (body: ApiBody<'/order/finance/unlocked/amend', 'post'>) => http.post<FinanceRecord>('/order/finance/unlocked/amend', body);
/** Sends registered records to audit. */
export const submitRecords = (ids: number[]) => http.post<ApiData<'/order/finance/batch/amend', 'post'>>('/order/finance/batch/amend', { ids });
export const verifyRecord = (body: ApiBody<'/order/finance/single/verify', 'post'>) => http.post<FinanceRecord>('/order/finance/single/verify', body);
export const verifyRecords = (body: ApiBody<'/order/finance/batch/verify', 'post'>) =>
  http.post<ApiData<'/order/finance/batch/verify', 'post'>>('/order/finance/batch/verify', body);
export const unlockRecord = (body: { id: number; ver: number; reason: string }) =>
  http.post<FinanceRecord>(`/order/finance/unlocked/${body.id}`, { reason: body.reason, ver: body.ver });
/** Locks an unlocked record again, unchanged: each kind has its call. */
export const relockRecord = (record: Pick<FinanceRecord, 'id' | 'ver' | 'kind'>) =>
  http.post<FinanceRecord>(`/order/finance/${record.kind === 'outgoing' ? 'pay' : 'entry'}/lock/${record.id}`, { ver: record.ver });
export const deleteRecord = (id: number) => http.delete<null>(`/order/finance/delete/${id}`);

export function useRecordDetail(id: number | null) {
  return useQuery({
    queryKey: ['/finance/record', id],
    queryFn: () => http.get<RecordDetail>(`/finance/record/${id}`),
    enabled: id !== null,
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

export { SHIP_TYPES };

/** Orders whose number starts with `orderNo`, on every line (the order list is one line at a time). */
export async function searchOrders(orderNo: string): Promise<OrderPick[]> {
  const pages = await Promise.all(SHIP_TYPES.map((shipType) => http.post<Page<OrderPick>>('/order/list', { shipType, orderNo, pageIndex: 1, pageSize: 10 })));
  return pages.flatMap((page) => page.items.map(({ id, orderNo: no, customerName }) => ({ id, orderNo: no, customerName })));
}

/** A receivable or payable line of an order as a change answers it. */
export type ChargeLine = Schema<'ChargeView'>;
/** A line as the order's finance shows it: a voided line stays, with who voided it and why, and counts nowhere. */
export type Charge = OrderFinanceDetail['receivables'][number];
export type ChargeKind = ChargeLine['kind'];

/** What the charge form sends (`finance/add/{kind}`, `finance/charge/update` with id and ver). */
export type ChargeFields = Omit<Schema<'ChargeAddDto'>, 'orderId'>;

export const addCharge = (kind: ChargeKind, body: Schema<'ChargeAddDto'>) => http.post<ChargeLine>(`/order/finance/add/${kind}`, body);
export const updateCharge = (body: ApiBody<'/finance/charge/update', 'post'>) => http.post<ChargeLine>('/finance/charge/update', body);
export const voidCharge = (charge: Pick<Charge, 'id' | 'ver'>, reason: string) =>
  http.post<ChargeLine>(`/finance/charge/void/${charge.id}`, { reason, ver: charge.ver });
/** Bills the order's freight from its quotation; the server answers why when no price applies. */
export const chargeFromQuote = (orderId: number, body: ApiBody<'/finance/charge/quote/{orderId}', 'post'>) =>
  http.post<ChargeLine>(`/finance/charge/quote/${orderId}`, body);

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
    queryFn: () => http.get<OrderFinanceDetail>(`/order/verify/detail/${orderId}`),
    enabled: orderId !== null,
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
  return useQuery({ queryKey: [RULE_LIST_PATH], queryFn: () => http.post<CommissionRule[]>(RULE_LIST_PATH), enabled });
}

export const saveRule = (body: RuleFields) => http.post<CommissionRule>('/finance/rebate/rule/save', body);
export const deleteRule = (id: number) => http.delete<null>(`/finance/rebate/rule/delete/${id}`);

export const payCommissions = (ids: number[]) => http.post<ApiData<'/finance/rebate/pay', 'post'>>('/finance/rebate/pay', { ids });
/** Reverses a paid commission: the order goes back to delivered (needs the order's ver). */
export const reverseCommission = ({ orderId, ...body }: { orderId: number } & ApiBody<'/order/brokerage/demotion/{id}', 'post'>) =>
  http.post<ApiData<'/order/brokerage/demotion/{id}', 'post'>>(`/order/brokerage/demotion/${orderId}`, body);
export const orderVer = (orderId: number) => http.get<ApiData<'/order/detail/{id}', 'get'>>(`/order/detail/${orderId}`).then((order) => order.ver);

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
    queryFn: () => http.post<StaffPick[]>('/user/list/role', { roleCode: 'salesman' }),
    staleTime: 60_000,
    enabled,
  });
}

export type CustomerPick = Schema<'CustomerPick'>;

/** Customers the caller may work on, by part of their name (only for holders of a customer code). */
export const takeCustomers = (key: string) => http.post<CustomerPick[]>('/customers/take/list', { key });
