import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type Page } from '@/shared/request';

export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_AUDIENCES = ['all', 'roles', 'users'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** A notice as the administration list shows it. */
export interface NoticeSummary {
  id: number;
  title: string;
  audience: NoticeAudience;
  roleIds: number[];
  userIds: number[];
  status: NoticeStatus;
  publishedAt: string | null;
  withdrawnAt: string | null;
  createdBy: number;
  createdByName: string | null;
  readCount: number;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

export type NoticeDetail = NoticeSummary & { content: string };

export interface NoticeFields {
  title: string;
  /** HTML; the server sanitises it */
  content: string;
  audience: NoticeAudience;
  roleIds?: number[];
  userIds?: number[];
}

/** A published notice as its reader sees it. */
export interface MyNotice {
  id: number;
  title: string;
  publishedAt: string | null;
  createdByName: string | null;
  read: boolean;
  readAt: string | null;
}

export type MyNoticeDetail = MyNotice & { content: string };

export interface RoleOption {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
}

export const NOTICE_LIST = '/notice/list';
/** Every query about the signed-in user's own notices (the bell, the workbench) starts with this key. */
export const MY_NOTICES = ['notice', 'my'] as const;
const UNREAD_REFRESH_MS = 60_000;
/** The most roles a select offers (the server's page limit); a company has a handful. */
const ROLE_PAGE_SIZE = 200;

export const noticeApi = {
  detail: (id: number) => http.get<NoticeDetail>(`/notice/detail/${id}`),
  add: (fields: NoticeFields) => http.put<NoticeDetail>('/notice/add', fields),
  update: (notice: NoticeSummary, fields: NoticeFields) => http.post<NoticeDetail>('/notice/update', { ...fields, id: notice.id, ver: notice.ver }),
  remove: (id: number) => http.delete<null>(`/notice/delete/${id}`),
  publish: (notice: NoticeSummary) => http.post<NoticeDetail>(`/notice/publish/${notice.id}`, { ver: notice.ver }),
  withdraw: (notice: NoticeSummary) => http.post<NoticeDetail>(`/notice/withdraw/${notice.id}`, { ver: notice.ver }),
};

export function useNoticeDetail(id: number | null) {
  return useQuery({ queryKey: ['/notice/detail', id], queryFn: () => noticeApi.detail(id!), enabled: id !== null });
}

/** The roles a notice may address (`POST /role/list`, which needs role:list). */
export function useRoleOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['/role/list', 'options'],
    queryFn: async () => (await http.post<Page<RoleOption>>('/role/list', { pageSize: ROLE_PAGE_SIZE })).items,
    enabled,
    staleTime: 60_000,
  });
}

/** How many notices addressed to the signed-in user are unread; refreshed every minute and on a push. */
export function useUnreadNoticeCount(enabled = true) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'unread'],
    queryFn: () => http.post<number>('/notice/my/unread/count'),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  });
}

export function useMyNotices(filters: { read?: boolean; pageIndex: number; pageSize: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'list', filters],
    queryFn: () => http.post<Page<MyNotice>>('/notice/my/list', filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Opening a notice marks it read. */
export function useMyNoticeDetail(id: number | null) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'detail', id],
    queryFn: () => http.get<MyNoticeDetail>(`/notice/my/detail/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}
