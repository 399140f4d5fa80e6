import type { ShipType, SideState } from '@forwarder/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '@/shared/request';

/** An order as `GET /order/detail/{id}` answers it (docs/orders.md, Fields). */
export interface OrderDetail {
  id: number;
  orderNo: string;
  shipType: ShipType;
  stage: string;
  sideState: SideState | null;
  sideReason: string | null;
  customerId: number;
  customerCode: string | null;
  customerName: string | null;
  salesmanId: number;
  salesmanName: string | null;
  operatorId: number | null;
  originPortId: number;
  destinationPortId: number;
  originPort: PortName | null;
  destinationPort: PortName | null;
  channel: string | null;
  goodsName: string;
  packages: number | null;
  grossWeight: number | null;
  volume: number | null;
  chargeableWeight: number | null;
  declaredValue: number | null;
  currency: string | null;
  shippingMark: string;
  consignee: string | null;
  consigneePhone: string | null;
  deliveryAddress: string | null;
  remark: string | null;
  containerNo: string | null;
  sealNo: string | null;
  waybillNo: string | null;
  customsDeclarationNo: string | null;
  vesselVoyage: string | null;
  flightNo: string | null;
  billOfLadingNo: string | null;
  etd: string | null;
  eta: string | null;
  arrivedAt: string | null;
  deliveredAt: string | null;
  /** cargo (docs/orders.md, Cargo): the lots received add up to the figures above */
  cargoComplete?: boolean;
  cargoCompletedAt?: string | null;
  warehouseLocation?: string | null;
  receivedAt?: string | null;
  /** the destination agent (`deputy`) */
  agentName?: string | null;
  agentContact?: string | null;
  agentPhone?: string | null;
  agentEmail?: string | null;
  agentAddress?: string | null;
  agentRemark?: string | null;
  createdBy: number;
  createdAt: string;
  updatedAt: string;
  ver: number;
}

export interface PortName {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** What `all/update` edits; left-out fields keep their value, null clears. */
export type OrderUpdate = { id: number; ver: number } & Partial<
  Pick<
    OrderDetail,
    | 'channel'
    | 'goodsName'
    | 'packages'
    | 'grossWeight'
    | 'volume'
    | 'chargeableWeight'
    | 'declaredValue'
    | 'currency'
    | 'consignee'
    | 'consigneePhone'
    | 'deliveryAddress'
    | 'remark'
    | 'containerNo'
    | 'sealNo'
    | 'waybillNo'
    | 'customsDeclarationNo'
    | 'vesselVoyage'
    | 'flightNo'
    | 'billOfLadingNo'
    | 'etd'
    | 'eta'
    | 'arrivedAt'
    | 'deliveredAt'
  >
>;

/** A timeline event (`track/list/{orderId}`), oldest first. */
export interface TrackEvent {
  id: number;
  orderId: number;
  /** created, upgrade, demotion, abnormal, detain, delete, revoke, import … written by the system; manual typed in */
  kind: string;
  stage: string;
  content: string;
  location: string | null;
  occurredAt: string;
  createdBy: number;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

export interface TrackFields {
  content: string;
  location?: string | null;
  occurredAt?: string;
}

/** `price/{orderId}`: the quotation, or why there is none. */
export interface OrderPrice {
  quote: {
    priceId: number;
    kind: string;
    channel: string;
    unit: string;
    currency: string;
    validFrom: string;
    validTo: string;
    quantity: number;
    minCharge: number;
    breakMinQuantity: number;
    unitPrice: number;
    amount: number;
    minChargeApplied: boolean;
  } | null;
  reason: string | null;
}

/** One lot received at the warehouse (`register/list/{orderId}`). */
export interface CargoReceipt {
  id: number;
  orderId: number;
  receiptNo: string;
  packages: number;
  grossWeight: number;
  volume: number;
  location: string | null;
  receivedAt: string;
  remark: string | null;
  createdBy: number;
  createdByName: string | null;
  createdAt: string;
}

export interface CargoReceipts {
  items: CargoReceipt[];
  totals: { packages: number; grossWeight: number; volume: number };
  cargoComplete: boolean;
  cargoCompletedAt: string | null;
}

export interface CargoRegister {
  orderId: number;
  packages: number;
  grossWeight: number;
  volume: number;
  location?: string | null;
  receivedAt?: string;
  remark?: string | null;
  receiptNo?: string | null;
  complete?: boolean;
}

export interface PackingBox {
  id: number;
  lineNo: number;
  boxNo: string | null;
  length: number;
  width: number;
  height: number;
  grossWeight: number;
  quantity: number;
  goodsName: string | null;
  trackingNo: string | null;
}

/** `package/list/{orderId}` and the answer of a save. */
export interface PackingListAnswer {
  orderId: number;
  orderNo: string;
  shipType: OrderDetail['shipType'];
  ver: number;
  boxes: PackingBox[];
  totals: { packages: number; grossWeight: number; volume: number; chargeableWeight: number | null };
}

export type PackingBoxBody = Omit<PackingBox, 'id' | 'lineNo'>;

export interface WarehouseUpdate {
  orderId: number;
  ver: number;
  packages?: number;
  grossWeight?: number;
  volume?: number;
  warehouseLocation?: string | null;
  receivedAt?: string | null;
}

export interface DeputyFields {
  agentName: string;
  agentContact?: string | null;
  agentPhone?: string | null;
  agentEmail?: string | null;
  agentAddress?: string | null;
  remark?: string | null;
}

export interface SailUpdate {
  orderId: number;
  ver: number;
  vesselVoyage?: string | null;
  flightNo?: string | null;
  etd?: string | null;
  eta?: string | null;
  billOfLadingNo?: string | null;
}

export type DocumentKind = 'waybill' | 'bill';
export type FreightTerm = 'prepaid' | 'collect';

/** Air orders have an air waybill, the sea lines a bill of lading. */
export const documentKindOf = (order: Pick<OrderDetail, 'shipType'>): DocumentKind => (order.shipType === 'airtransport' ? 'waybill' : 'bill');

/**
 * `waybill/detail/{orderId}` or `bill/detail/{orderId}` (docs/order-documents.md): the saved document, or a
 * draft from the order (id and ver null). The fields differ by kind; the form reads them by name.
 */
export interface OrderDocument {
  id: number | null;
  orderId: number;
  orderNo: string;
  kind: DocumentKind;
  shipper: string;
  consignee: string;
  notifyParty: string | null;
  marks: string | null;
  freightTerm: FreightTerm;
  issuedAt: string | null;
  remark: string | null;
  ver: number | null;
  updatedAt: string | null;
  /** waybill */
  waybillNo?: string | null;
  from?: string;
  to?: string;
  goodsDescription?: string;
  /** bill of lading */
  blNo?: string | null;
  portOfLoading?: string;
  portOfDischarge?: string;
  vesselVoyage?: string | null;
  description?: string;
  numberOfOriginals?: number | null;
}

/** A task on an order (`work/record/list`). */
export interface WorkTask {
  id: number;
  orderId: number;
  orderNo: string;
  content: string;
  assigneeId: number;
  assigneeName: string | null;
  dueAt: string | null;
  status: 'open' | 'finished';
  finishedAt: string | null;
  finishedBy: number | null;
  finishedByName: string | null;
  createdBy: number;
  createdByName: string | null;
  overdue: boolean;
  ver: number;
  createdAt: string;
}

/** An entry of the work log (`work/list`): a stage move, hold or cargo operation. */
export interface WorkLogEntry {
  id: number;
  orderId: number;
  action: string;
  fromStage: string;
  toStage: string;
  reason: string | null;
  data: Record<string, unknown> | null;
  userId: number;
  userName: string | null;
  remark: string | null;
  createdAt: string;
  ver: number;
}

export const orderKey = (id: number | null) => ['/order/detail', id] as const;

export const updateOrder = (body: OrderUpdate) => http.post<OrderDetail>('/order/all/update', body);
export const insertTrack = (body: TrackFields & { orderId: number }) => http.post<TrackEvent>('/order/track/insert', body);
export const updateTrack = ({ id, ...body }: TrackFields & { id: number; ver: number }) => http.post<TrackEvent>(`/order/track/update/${id}`, body);

export const registerCargo = (body: CargoRegister) => http.post<{ receipt: CargoReceipt; order: OrderDetail }>('/order/register', body);
export const savePackingList = (shipType: OrderDetail['shipType'], body: { orderId: number; ver: number; boxes: PackingBoxBody[] }) =>
  http.post<PackingListAnswer>(`/order/${shipType}/package`, body);
export const updateWarehouse = (body: WarehouseUpdate) => http.post<OrderDetail>('/order/warehouse/update', body);
export const saveDeputy = (body: DeputyFields & { orderId: number; ver: number }) => http.post<OrderDetail>('/order/deputy', body);
export const updateSail = (body: SailUpdate) => http.post<OrderDetail>('/order/sail/update', body);

export const saveDocument = (kind: DocumentKind, body: Record<string, unknown>) => http.post<OrderDocument>(`/order/${kind}/update`, body);
export const addTask = ({ orderId, ...body }: { orderId: number; assigneeId: number; content: string; dueAt?: string }) =>
  http.put<WorkTask>(`/order/work/record/add/${orderId}`, body);
export const finishTask = (task: Pick<WorkTask, 'id' | 'ver'>) => http.post<WorkTask>(`/order/work/record/finish/${task.id}`, { ver: task.ver });
export const deleteTask = (id: number) => http.delete<null>(`/order/work/record/delete/${id}`);
export const WORK_LOG_PATH = '/order/work/list';

export function useOrderDocument(kind: DocumentKind, orderId: number) {
  return useQuery({ queryKey: [`/order/${kind}/detail`, orderId], queryFn: () => http.get<OrderDocument>(`/order/${kind}/detail/${orderId}`) });
}

/** The staff a task on this order may be given to (they work on tasks and see the order). */
export interface TaskAssignee {
  id: number;
  fullName: string;
  account: string;
}

export function useTaskAssignees(orderId: number) {
  return useQuery({ queryKey: ['/order/work/record/assignees', orderId], queryFn: () => http.get<TaskAssignee[]>(`/order/work/record/assignees/${orderId}`) });
}

export function useOrderTasks(orderId: number) {
  return useQuery({ queryKey: ['/order/work/record/list', orderId], queryFn: () => http.post<WorkTask[]>('/order/work/record/list', { orderId }) });
}

export function useCargoReceipts(orderId: number, enabled: boolean) {
  return useQuery({ queryKey: ['/order/register/list', orderId], queryFn: () => http.post<CargoReceipts>(`/order/register/list/${orderId}`), enabled });
}

export function usePackingList(orderId: number, enabled: boolean) {
  return useQuery({ queryKey: ['/order/package/list', orderId], queryFn: () => http.post<PackingListAnswer>(`/order/package/list/${orderId}`), enabled });
}

export function useOrderDetail(id: number | null) {
  return useQuery({ queryKey: orderKey(id), queryFn: () => http.get<OrderDetail>(`/order/detail/${id}`), enabled: id !== null });
}

export function useOrderTracks(orderId: number) {
  return useQuery({ queryKey: ['/order/track/list', orderId], queryFn: () => http.post<TrackEvent[]>(`/order/track/list/${orderId}`) });
}

export function useOrderPrice(orderId: number, ver: number) {
  // the quote follows the order's weight and route: a new ver asks again
  return useQuery({ queryKey: ['/order/price', orderId, ver], queryFn: () => http.post<OrderPrice>(`/order/price/${orderId}`) });
}

/** Reloads everything the drawer shows of one order (after a write, or a 409 saying it changed). */
export function useRefreshOrder(orderId: number) {
  const client = useQueryClient();
  return useCallback(
    () =>
      client.invalidateQueries({
        // its detail, timeline, cargo, documents, tasks and quotation (keyed by the id), and the work log its changes write to
        predicate: ({ queryKey: [path, id] }) => typeof path === 'string' && path.startsWith('/order/') && (id === orderId || path === WORK_LOG_PATH),
      }),
    [client, orderId],
  );
}
