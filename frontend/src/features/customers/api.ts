import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type ListFilters, type Schema } from '@/shared/api';

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
export const forceOffline = (connectionId: string) => api.post('/customers/appointexit/{connectionId}', { path: { connectionId } });

export const addCustomer = (body: ApiBody<'/customers/add', 'put'>) => api.put('/customers/add', { body });
export const updateCustomer = (body: ApiBody<'/customers/update', 'post'>) => api.post('/customers/update', { body });
export const checkCustomer = (body: ApiBody<'/customers/check', 'post'>) => api.post('/customers/check', { body });
export const protectCustomer = (body: ApiBody<'/customers/protect', 'post'>) => api.post('/customers/protect', { body });
export const setAcceptEmail = (body: ApiBody<'/customers/update/acceptEmail', 'post'>) => api.post('/customers/update/acceptEmail', { body });
export const releaseCustomer = (body: ApiBody<'/customers/release', 'post'>) => api.post('/customers/release', { body });
export const claimCustomer = (id: number) => api.post('/customers/catcher/{id}', { path: { id } });
export const deleteCustomer = (id: number) => api.delete('/customers/delete/{id}', { path: { id } });
export const unbindWechatAccount = (id: number) => api.delete('/customers/wechat/delete/{id}', { path: { id } });
export const takeCustomers = (key: string) => api.post('/customers/take/list', { body: { key } });
export const issueBindCode = (customerId: number) => api.get('/customers/bindcode/{id}', { path: { id: customerId } });

export function useCustomerDetail(id: number | null) {
  return useQuery({
    queryKey: ['/customers/detail', id],
    queryFn: id === null ? skipToken : () => api.get('/customers/detail/{id}', { path: { id } }),
  });
}

/** The enabled values of a dictionary, for selects. */
export function useDictItems(dictCode: string) {
  return useQuery({
    queryKey: ['/dict/detail/item', dictCode],
    queryFn: () => api.get('/dict/detail/item/{dictCode}', { path: { dictCode } }),
    staleTime: 60_000,
  });
}

/** Active staff holding a role (the salesman pickers). */
export function useStaffWithRole(roleCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/user/list/role', roleCode],
    queryFn: () => api.post('/user/list/role', { body: { roleCode } }),
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
