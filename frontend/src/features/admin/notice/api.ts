import { skipToken, keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/shared/api';

export const NOTICE_LIST = '/notice/list';
/** Every query about the signed-in user's own notices (the bell, the workbench) starts with this key. */
export const MY_NOTICES = ['notice', 'my'] as const;
const UNREAD_REFRESH_MS = 60_000;

/**
 * A notice as the administration list shows it, in full, and as its form sends it; a published notice
 * as its reader sees it, in the list and in full.
 */
export type NoticeSummary = Schema<'NoticeSummary'>;
export type NoticeDetail = Schema<'NoticeDetail'>;
export type NoticeFields = Schema<'AddNoticeDto'>;
export type MyNotice = Schema<'MyNotice'>;
export type MyNoticeDetail = Schema<'MyNoticeDetail'>;

export const noticeApi = {
  detail: (id: number) => api.get('/notice/detail/{id}', { path: { id } }),
  add: (fields: NoticeFields) => api.put('/notice/add', { body: fields }),
  update: (notice: NoticeSummary, fields: NoticeFields) => api.post('/notice/update', { body: { ...fields, id: notice.id, ver: notice.ver } }),
  remove: (id: number) => api.delete('/notice/delete/{id}', { path: { id } }),
  publish: (notice: NoticeSummary) => api.post('/notice/publish/{id}', { path: { id: notice.id }, body: { ver: notice.ver } }),
  withdraw: (notice: NoticeSummary) => api.post('/notice/withdraw/{id}', { path: { id: notice.id }, body: { ver: notice.ver } }),
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
    queryFn: () => api.post('/notice/my/unread/count'),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  });
}

export function useMyNotices(filters: Schema<'MyNoticesDto'> & { pageIndex: number; pageSize: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'list', filters],
    queryFn: () => api.post('/notice/my/list', { body: filters }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Opening a notice marks it read. */
export function useMyNoticeDetail(id: number | null) {
  return useQuery({
    queryKey: [...MY_NOTICES, 'detail', id],
    queryFn: id === null ? skipToken : () => api.get('/notice/my/detail/{id}', { path: { id } }),
    staleTime: 0,
  });
}
