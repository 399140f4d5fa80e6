import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type ApiPathParam, type Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** An order as `GET /order/detail/{id}` answers it (docs/orders.md, Fields). */
export type OrderDetail = Schema<'OrderView'>;

export type PortName = Schema<'PortName'>;

/** What `all/update` edits; left-out fields keep their value, null clears. */
export type OrderUpdate = ApiBody<'/order/all/update', 'post'>;

/** A timeline event (`track/list/{orderId}`), oldest first. */
export type TrackEvent = Schema<'TrackView'>;

/** One lot received at the warehouse (`register/list/{orderId}`). */
export type CargoReceipt = Schema<'CargoReceiptView'>;

/** `package/list/{orderId}` and the answer of a save. */
export type PackingListAnswer = Schema<'PackingListView'>;

export type WarehouseUpdate = Schema<'CargoWarehouseUpdateDto'>;

export type DeputyFields = Omit<Schema<'CargoDeputyDto'>, 'orderId' | 'ver'>;

/**
 * `waybill/detail/{orderId}` or `bill/detail/{orderId}` (docs/order-documents.md): the saved document, or a
 * draft from the order (id and ver null). The fields differ by kind; the form reads them by name.
 */
export type OrderDocument = Schema<'DocumentView'>;
export type DocumentKind = OrderDocument['kind'];

/** Air orders have an air waybill, the sea lines a bill of lading. */
export const documentKindOf = (order: Pick<OrderDetail, 'shipType'>): DocumentKind => (order.shipType === 'airtransport' ? 'waybill' : 'bill');

/** The order's public tracking link (`order/tracking/{orderId}`, docs/order-documents.md, Tracking link). */
export type TrackingLink = Schema<'TrackingLinkView'>;
export const renewTrackingLink = (orderId: number) => api.post('/order/tracking/renew/{orderId}', { path: { orderId } });
export const revokeTrackingLink = (orderId: number) => api.post('/order/tracking/revoke/{orderId}', { path: { orderId } });
/** A task on an order (`work/record/list`). */
export type WorkTask = Schema<'TaskView'>;

/** An entry of the work log (`work/list`): a stage move, hold or cargo operation. */
export type WorkLogEntry = Schema<'WorkLogView'>;

export const orderKey = (id: number | null) => ['/order/detail', id] as const;

export const updateOrder = (body: OrderUpdate) => api.post('/order/all/update', { body });
export const insertTrack = (body: Schema<'TrackInsertDto'>) => api.post('/order/track/insert', { body });
export const updateTrack = ({ id, ...body }: { id: number } & Schema<'TrackUpdateDto'>) => api.post('/order/track/update/{id}', { path: { id }, body });

export const registerCargo = (body: Schema<'CargoRegisterDto'>) => api.post('/order/register', { body });
export const savePackingList = (shipType: ApiPathParam<'/order/{line}/package', 'post', 'line'>, body: ApiBody<'/order/{line}/package', 'post'>) =>
  api.post('/order/{line}/package', { path: { line: shipType }, body });
export const updateWarehouse = (body: WarehouseUpdate) => api.post('/order/warehouse/update', { body });
export const saveDeputy = (body: Schema<'CargoDeputyDto'>) => api.post('/order/deputy', { body });
export const updateSail = (body: Schema<'CargoSailUpdateDto'>) => api.post('/order/sail/update', { body });

export const saveDocument = (kind: DocumentKind, body: Record<string, unknown>) => http.post<OrderDocument>(`/order/${kind}/update`, body);
export const addTask = ({ orderId, ...body }: { orderId: number } & Schema<'TaskAddDto'>) =>
  api.put('/order/work/record/add/{orderId}', { path: { orderId }, body });
export const finishTask = (task: Pick<WorkTask, 'id' | 'ver'>) =>
  api.post('/order/work/record/finish/{id}', { path: { id: task.id }, body: { ver: task.ver } });
export const deleteTask = (id: number) => api.delete('/order/work/record/delete/{id}', { path: { id } });
export const WORK_LOG_PATH = '/order/work/list';

export function useOrderDocument(kind: DocumentKind, orderId: number) {
  return useQuery({ queryKey: [`/order/${kind}/detail`, orderId], queryFn: () => api.get('/order/{kind}/detail/{orderId}', { path: { kind, orderId } }) });
}

/** The staff a task on this order may be given to (they work on tasks and see the order). */
export function useTaskAssignees(orderId: number) {
  return useQuery({
    queryKey: ['/order/work/record/assignees', orderId],
    queryFn: () => api.get('/order/work/record/assignees/{orderId}', { path: { orderId } }),
  });
}

export function useOrderTasks(orderId: number) {
  return useQuery({ queryKey: ['/order/work/record/list', orderId], queryFn: () => api.post('/order/work/record/list', { body: { orderId } }) });
}

export function useCargoReceipts(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/order/register/list', orderId],
    queryFn: () => api.post('/order/register/list/{orderId}', { path: { orderId } }),
    enabled,
  });
}

export function usePackingList(orderId: number, enabled: boolean) {
  return useQuery({ queryKey: ['/order/package/list', orderId], queryFn: () => api.post('/order/package/list/{orderId}', { path: { orderId } }), enabled });
}

export function useOrderDetail(id: number | null) {
  return useQuery({ queryKey: orderKey(id), queryFn: id === null ? skipToken : () => api.get('/order/detail/{id}', { path: { id } }) });
}

export const trackingLinkKey = (orderId: number) => ['/order/tracking', orderId] as const;
export function useTrackingLink(orderId: number) {
  return useQuery({ queryKey: trackingLinkKey(orderId), queryFn: () => api.get('/order/tracking/{orderId}', { path: { orderId } }) });
}
export function useOrderTracks(orderId: number) {
  return useQuery({ queryKey: ['/order/track/list', orderId], queryFn: () => api.post('/order/track/list/{orderId}', { path: { orderId } }) });
}

/** `price/{orderId}`: the quotation, or why there is none. */
export function useOrderPrice(orderId: number, ver: number) {
  // the quote follows the order's weight and route: a new ver asks again
  return useQuery({ queryKey: ['/order/price', orderId, ver], queryFn: () => api.post('/order/price/{orderId}', { path: { orderId } }) });
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
