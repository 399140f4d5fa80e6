import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '@/shared/request';
import type { CustomerList } from './customerLists';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** A row of `POST /customers/list` (docs/customers.md, Fields). */
export interface CustomerRow {
  id: number;
  code: string;
  companyName: string;
  contactName: string;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  address: string | null;
  country: string | null;
  source: string | null;
  level: string | null;
  salesmanId: number | null;
  salesmanName: string | null;
  reviewStatus: ReviewStatus;
  reviewerId: number | null;
  reviewerName: string | null;
  reviewedAt: string | null;
  reviewRemark: string | null;
  protectedUntil: string | null;
  protected: boolean;
  lastOrderAt: string | null;
  idleSince: string | null;
  publicSince: string | null;
  acceptEmail: boolean;
  remark: string | null;
  wechatCount: number;
  createdBy: number;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  ver: number;
}

export interface WechatAccount {
  id: number;
  customerId: number;
  customerCode: string;
  companyName: string;
  openId: string;
  nickname: string | null;
  avatarUrl: string | null;
  boundAt: string;
  lastSeenAt: string | null;
}

export type CustomerHistoryAction = 'approve' | 'reject' | 'release' | 'drop' | 'claim';

/** A row of the customer's history (docs/customers.md, History), newest first. */
export interface CustomerHistoryEntry {
  id: number;
  action: CustomerHistoryAction;
  salesmanId: number | null;
  salesmanName: string | null;
  reason: string | null;
  /** null for the daily rule */
  userId: number | null;
  userName: string | null;
  createdAt: string;
}

export interface CustomerDetail extends CustomerRow {
  wechats: WechatAccount[];
  history: CustomerHistoryEntry[];
}

/** What the customer form edits. */
export interface CustomerFields {
  companyName: string;
  contactName: string;
  phone?: string | null;
  mobile?: string | null;
  email?: string | null;
  address?: string | null;
  country?: string | null;
  source?: string | null;
  level?: string | null;
  acceptEmail?: boolean;
  remark?: string | null;
}

export interface CustomerFilters {
  list: CustomerList;
  key?: string;
  source?: string;
  level?: string;
  salesmanId?: number;
}

/** A customer in a picker (`take/list`): name is the company. */
export interface CustomerPick {
  id: number;
  name: string;
}

/** `GET /customers/bindcode/{id}`, field names as the original client reads them. */
export interface BindCode {
  bind_code: string;
  expire_seconds: number;
  /** the QR image of wechat_url as a data: URL */
  lefeng_url: string;
  wechat_url: string;
}

/** A value of a dictionary (`GET /dict/detail/item/{dictCode}`). */
export interface DictItem {
  id: number;
  dictCode: string;
  dictName: string;
  dictNameEn: string | null;
  value: string;
}

export interface StaffPick {
  id: number;
  fullName: string;
}

export const CUSTOMER_LIST_PATH = '/customers/list';
export const WECHAT_LIST_PATH = '/customers/list/wechat';
export const ONLINE_LIST_PATH = '/customers/list/online';

/** A customer's live mini-program connection (`POST /customers/list/online`). */
export interface OnlineConnection {
  connectionId: string;
  customerId: number;
  customerCode: string;
  companyName: string;
  wechatId: number;
  openId: string;
  nickname: string;
  transport: string;
  connectedAt: string;
}
export const forceOffline = (connectionId: string) => http.post<null>(`/customers/appointexit/${encodeURIComponent(connectionId)}`);

export const addCustomer = (body: CustomerFields & { salesmanId?: number }) => http.put<CustomerDetail>('/customers/add', body);
export const updateCustomer = (body: CustomerFields & { id: number; ver: number }) => http.post<CustomerDetail>('/customers/update', body);
export const checkCustomer = (body: { id: number; ver: number; approved: boolean; remark?: string }) =>
  http.post<CustomerDetail>('/customers/check', body);
export const protectCustomer = (body: { id: number; ver: number; protect: boolean }) => http.post<CustomerDetail>('/customers/protect', body);
export const setAcceptEmail = (body: { id: number; ver: number; acceptEmail: boolean }) =>
  http.post<CustomerDetail>('/customers/update/acceptEmail', body);
export const releaseCustomer = (body: { id: number; ver: number; reason: string }) => http.post<CustomerDetail>('/customers/release', body);
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
