import { type Hold, type SideState } from '@forwarder/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ShipType } from '@/features/ports';
import { http, request, type Page } from '@/shared/request';
import type { OrderDetail } from './detail/api';
import type { OrderView, StageField, UpgradeStage } from './orderViews';

/** A row of `POST /order/list`: the order as its detail answers it. */
export type OrderRow = OrderDetail;

export const ORDER_SORTS = ['createdAt', 'orderNo', 'etd', 'eta', 'grossWeight', 'updatedAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The body of `POST /order/list` besides the page (docs/orders.md, "Lists"). */
export interface OrderFilters {
  shipType: ShipType;
  view: OrderView;
  orderNo?: string;
  customerId?: number;
  salesmanId?: number;
  originPortId?: number;
  destinationPortId?: number;
  containerNo?: string;
  createdFrom?: string;
  createdTo?: string;
  key?: string;
  sortField?: OrderSort;
  sortOrder?: 'asc' | 'desc';
}

/** What the order form edits at registration (`PUT {line}/add`). */
export interface OrderAddFields {
  customerId: number;
  originPortId: number;
  destinationPortId: number;
  goodsName: string;
  channel?: string | null;
  packages?: number | null;
  grossWeight?: number | null;
  volume?: number | null;
  chargeableWeight?: number | null;
  declaredValue?: number | null;
  currency?: string | null;
  consignee?: string | null;
  consigneePhone?: string | null;
  deliveryAddress?: string | null;
  remark?: string | null;
  operatorId?: number | null;
  peer?: boolean;
}

export type StageData = Partial<Record<StageField, string | null>> & { location?: string | null };

export const ORDER_LIST_PATH = '/order/list';

export const addOrder = (shipType: ShipType, body: OrderAddFields) => http.put<OrderDetail>(`/order/${shipType}/add`, body);
export const upgradeOrders = (stage: UpgradeStage, body: StageData & { ids: number[] }) => http.post<{ count: number }>(`/order/upgrade/${stage}`, body);
/** One container and seal for several sea orders, all or none (`order/seal`, order:seal). */
export const sealOrders = (body: { ids: number[]; containerNo: string; sealNo: string }) => http.post<{ count: number }>('/order/seal', body);
export const demoteOrder = ({ id, ...body }: { id: number; reason: string; ver: number }) => http.post<OrderDetail>(`/order/demotion/${id}`, body);
export const holdOrder = (state: Hold, body: { id: number; reason: string; ver: number }) => http.post<OrderDetail>(`/order/${state}/add`, body);
export const voidOrder = ({ id, ...body }: { id: number; reason?: string | null; ver: number }) =>
  // the void call carries its reason in a DELETE body
  request<OrderDetail>(`/order/delete/${id}`, { method: 'DELETE', data: body });
export const revokeOrder = (state: SideState, { id, ver }: { id: number; ver: number }) => http.post<OrderDetail>(`/order/${state}/revoke/${id}`, { ver });

/** An approved customer the user works on, for the order's customer picker (`/customers/list`, approved and owned). */
export interface CustomerChoice {
  id: number;
  code: string;
  companyName: string;
}
export const findApprovedCustomers = async (key: string) =>
  (await http.post<Page<CustomerChoice>>('/customers/list', { list: 'checkList', key: key || undefined, pageIndex: 1, pageSize: 20 })).items;

/** Every order list and detail shows a change (other open screens included). */
export function useRefreshOrders() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([client.invalidateQueries({ queryKey: [ORDER_LIST_PATH] }), client.invalidateQueries({ queryKey: ['/order/detail'] })]).then(() => undefined),
    [client],
  );
}
