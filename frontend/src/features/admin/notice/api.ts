import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiData, Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** A notice as the administration list shows it. */
export type NoticeSummary = Schema<'NoticeSummary'>;
export type NoticeStatus = NoticeSummary['status'];
export type NoticeAudience = NoticeSummary['audience'];
export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const satisfies readonly NoticeStatus[];
export const NOTICE_AUDIENCES = ['all', 'roles', 'users'] as const satisfies readonly NoticeAudience[];

export type NoticeDetail = Schema<'NoticeDetail'>;

export type NoticeFields = Schema<'AddNoticeDto'>;

/** A published notice as its reader sees it. */
export type MyNotice = Schema<'MyNotice'>;

export type MyNoticeDetail = Schema<'MyNoticeDetail'>;

export const NOTICE_LIST = '/notice/list';
/** Every query about the signed-in user's own notices (the bell, the workbench) starts with this key. */
export const MY_NOTICES = ['notice', 'my'] as const;
const UNREAD_REFRESH_MS = 60_000;

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
export { useRoleOptions } from '../role/api';

/** How many notices addressed to the signed-in user are unread; refreshed every minute and on a push. */
export function useUnreadNoticeCount(enabled = true) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'unread'],
    queryFn: () => http.post<number>('/notice/my/unread/count'),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  });
}

export function useMyNotices(filters: Schema<'MyNoticesDto'> & { pageIndex: number; pageSize: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'list', filters],
    queryFn: () => http.post<ApiData<'/notice/my/list', 'post'>>('/notice/my/list', filters),
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
