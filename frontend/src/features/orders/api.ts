import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type ApiPathParam, type Schema } from '@/shared/api';
import { request } from '@/shared/request';
import type { OrderDetail } from './detail/api';

/** A row of `POST /order/list`: the order as its detail answers it. */
export type OrderRow = OrderDetail;

/** The body of `POST /order/list` besides the page (docs/orders.md, "Lists"). */
export type OrderFilters = Omit<Schema<'OrderListDto'>, 'pageIndex' | 'pageSize'>;

/** What the order form edits at registration (`PUT {kind}/add`, the kind being the line). */
export type OrderAddFields = ApiBody<'/order/{kind}/add', 'put'>;

/** The fields a stage move stamps (`order/upgrade/{stage}`), besides the orders. */
export type StageData = Omit<Schema<'OrderUpgradeDto'>, 'ids'>;

export const ORDER_LIST_PATH = '/order/list';

export const addOrder = (shipType: ApiPathParam<'/order/{kind}/add', 'put', 'kind'>, body: OrderAddFields) =>
  api.put('/order/{kind}/add', { path: { kind: shipType }, body });
export const upgradeOrders = (stage: ApiPathParam<'/order/upgrade/{stage}', 'post', 'stage'>, body: ApiBody<'/order/upgrade/{stage}', 'post'>) =>
  api.post('/order/upgrade/{stage}', { path: { stage }, body });
/** One container and seal for several sea orders, all or none (`order/seal`, order:seal). */
export const sealOrders = (body: ApiBody<'/order/seal', 'post'>) => api.post('/order/seal', { body });
export const demoteOrder = ({ id, ...body }: { id: number } & Schema<'OrderDemotionDto'>) => api.post('/order/demotion/{id}', { path: { id }, body });
export const holdOrder = (state: ApiPathParam<'/order/{kind}/add', 'post', 'kind'>, body: ApiBody<'/order/{kind}/add', 'post'>) =>
  api.post('/order/{kind}/add', { path: { kind: state }, body });
export const voidOrder = ({ id, ...body }: { id: number } & Schema<'OrderVoidDto'>) =>
  // the void call carries its reason in a DELETE body
  request<OrderDetail>(`/order/delete/${id}`, { method: 'DELETE', data: body });
export const revokeOrder = (state: ApiPathParam<'/order/{state}/revoke/{id}', 'post', 'state'>, { id, ver }: { id: number } & Schema<'OrderRevokeDto'>) =>
  api.post('/order/{state}/revoke/{id}', { path: { state, id }, body: { ver } });

/** An approved customer the user works on, for the order's customer picker (`/customers/list`, approved and owned). */
export type CustomerChoice = Pick<Schema<'CustomerRow'>, 'id' | 'code' | 'companyName'>;
export const findApprovedCustomers = async (key: string) =>
  (await api.post('/customers/list', { body: { list: 'checkList', key: key || undefined, pageIndex: 1, pageSize: 20 } })).items;

/** Every order list and detail shows a change (other open screens included). */
export function useRefreshOrders() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([client.invalidateQueries({ queryKey: [ORDER_LIST_PATH] }), client.invalidateQueries({ queryKey: ['/order/detail'] })]).then(() => undefined),
    [client],
  );
}
