import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiBody, ListFilters, Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** A row of `POST /customers/list` (docs/customers.md, Fields). */
export type CustomerRow = Schema<'CustomerRow'>;
export type ReviewStatus = CustomerRow['reviewStatus'];
export type WechatAccount = Schema<'WechatAccount'>;
/** A row of the customer's history (docs/customers.md, History), newest first. */
export type CustomerHistoryEntry = Schema<'CustomerHistoryEntry'>;
export type CustomerHistoryAction = CustomerHistoryEntry['action'];
export type CustomerDetail = Schema<'CustomerDetail'>;

/** What the customer form edits. */
export type CustomerFields = Omit<Schema<'AddCustomerDto'>, 'salesmanId'>;

export type CustomerFilters = ListFilters<'CustomerListQueryDto'>;

/** A customer in a picker (`take/list`): name is the company. */
export type CustomerPick = Schema<'CustomerPick'>;

/** `GET /customers/bindcode/{id}`, field names as the original client reads them. */
export type BindCode = Schema<'BindCodeAnswer'>;

/** A value of a dictionary (`GET /dict/detail/item/{dictCode}`). */
export type DictItem = Schema<'DictItemView'>;

export type StaffPick = Schema<'StaffPick'>;

export const CUSTOMER_LIST_PATH = '/customers/list';
export const WECHAT_LIST_PATH = '/customers/list/wechat';
export const ONLINE_LIST_PATH = '/customers/list/online';

/** A customer's live mini-program connection (`POST /customers/list/online`). */
export type OnlineConnection = Schema<'OnlineCustomerConnection'>;
export const forceOffline = (connectionId: string) => http.post<null>(`/customers/appointexit/${encodeURIComponent(connectionId)}`);

export const addCustomer = (body: ApiBody<'/customers/add', 'put'>) => http.put<CustomerDetail>('/customers/add', body);
export const updateCustomer = (body: ApiBody<'/customers/update', 'post'>) => http.post<CustomerDetail>('/customers/update', body);
export const checkCustomer = (body: ApiBody<'/customers/check', 'post'>) => http.post<CustomerDetail>('/customers/check', body);
export const protectCustomer = (body: ApiBody<'/customers/protect', 'post'>) => http.post<CustomerDetail>('/customers/protect', body);
export const setAcceptEmail = (body: ApiBody<'/customers/update/acceptEmail', 'post'>) => http.post<CustomerDetail>('/customers/update/acceptEmail', body);
export const releaseCustomer = (body: ApiBody<'/customers/release', 'post'>) => http.post<CustomerDetail>('/customers/release', body);
export const claimCustomer = (id: number) => http.post<CustomerDetail>(`/customers/catcher/${id}`);
export const deleteCustomer = (id: number) => http.delete<null>(`/customers/delete/${id}`);
export const unbindWechatAccount = (id: number) => http.delete<null>(`/customers/wechat/delete/${id}`);
export const takeCustomers = (key: string) => http.post<CustomerPick[]>('/customers/take/list', { key });
export const issueBindCode = (customerId: number) => http.get<BindCode>(`/customers/bindcode/${customerId}`);

export function useCustomerDetail(id: number | null) {
  return useQuery({
    queryKey: ['/customers/detail', id],
    queryFn: () => http.get<CustomerDetail>(`/customers/detail/${id}`),
    enabled: id !== null,
  });
}

/** The enabled values of a dictionary, for selects. */
export function useDictItems(dictCode: string) {
  return useQuery({
    queryKey: ['/dict/detail/item', dictCode],
    queryFn: () => http.get<DictItem[]>(`/dict/detail/item/${dictCode}`),
    staleTime: 60_000,
  });
}

/** Active staff holding a role (the salesman pickers). */
export function useStaffWithRole(roleCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/user/list/role', roleCode],
    queryFn: () => http.post<StaffPick[]>('/user/list/role', { roleCode }),
    staleTime: 60_000,
    enabled,
  });
}

/** Every customer list, detail and picker shows the change (other open tabs included). */
export function useRefreshCustomers() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [CUSTOMER_LIST_PATH] }),
        client.invalidateQueries({ queryKey: ['/customers/detail'] }),
        client.invalidateQueries({ queryKey: [WECHAT_LIST_PATH] }),
      ]).then(() => undefined),
    [client],
  );
}
