import { HUB_METHODS, ISSUE_STATUSES, type IssueStatus, type ShipType } from '@forwarder/domain';
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hub } from '@/shared/hub/hub';
import { api, type Schema } from '@/shared/api';

/** An image attached to an issue or a reply (`BbsFile` on the wire); `url` is a signed link opening the image for a while. */
export type IssueFile = Schema<'BbsFile'>;

/** `detail` has `<br/>` for line breaks, everything else HTML-escaped (see issueText.ts). */
export type Reply = Schema<'ReplyView'>;

export type Issue = Schema<'IssueView'>;

/** A row of the batch dialog: the issue with its order. */
export type IssueWithOrder = Schema<'OrderIssueView'>;

/** A reminder of the issue bell (`NoticeRow` on the wire): one order and how many of its issues wait for the caller. */
export type IssueReminderRow = Schema<'NoticeRow'>;

export const REMINDER_PAGE_SIZE = 5;
export const BATCH_PAGE_SIZE = 20;

/** Every query of this area starts with this key: a pushed change refreshes them all. */
const ISSUE_BOARD = ['order', 'bbs'] as const;
const REMINDER_COUNT = [...ISSUE_BOARD, 'notice', 'count'] as const;

export const addIssue = (orderId: number, body: Schema<'AddIssueDto'>) => api.put('/order/bbs/add/{orderId}', { path: { orderId }, body });
export const updateIssue = (body: Schema<'UpdateIssueDto'>) => api.post('/order/bbs/update', { body });
export const getIssue = (id: number) => api.get('/order/bbs/detail/{id}', { path: { id } });
export const deleteIssue = (id: number) => api.delete('/order/bbs/delete/{id}', { path: { id } });
export const closeIssue = (issue: Pick<Issue, 'id' | 'ver'>) => api.post('/order/bbs/close/{id}', { path: { id: issue.id }, body: { ver: issue.ver } });
export const addReply = (orderBbsId: number, body: Schema<'AddReplyDto'>) => api.put('/order/bbs/reply/add/{orderBbsId}', { path: { orderBbsId }, body });
export const updateReply = (body: Schema<'UpdateReplyDto'>) => api.post('/order/bbs/reply/update', { body });
export const getReply = (id: number) => api.get('/order/bbs/reply/detail/{id}', { path: { id } });
export const deleteReply = (id: number) => api.delete('/order/bbs/reply/delete/{id}', { path: { id } });
export const takeUsers = (key?: string) => api.post('/user/list/take', { body: key ? { key } : {} });

const orderIssuesQuery = (orderId: number, status: IssueStatus, enabled: boolean) => ({
  queryKey: [...ISSUE_BOARD, 'list', orderId, status],
  queryFn: () => api.post('/order/bbs/list/{orderId}', { path: { orderId }, body: { status } }),
  enabled,
});

export function useOrderIssues(orderId: number, status: IssueStatus, enabled: boolean) {
  return useQuery(orderIssuesQuery(orderId, status, enabled));
}

/** How many issues the order has in each status (the dialog's tab counts; the tabs' own lists, so switching shows them at once). */
export function useOrderIssueCounts(orderId: number, enabled: boolean): Partial<Record<IssueStatus, number>> {
  return useQueries({
    queries: ISSUE_STATUSES.map((status) => orderIssuesQuery(orderId, status, enabled)),
    combine: (results) => Object.fromEntries(ISSUE_STATUSES.flatMap((status, i) => (results[i].data ? [[status, results[i].data.length]] : []))),
  });
}

export function useBatchIssues(orderIds: readonly number[], status: IssueStatus, pageIndex: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ISSUE_BOARD, 'orders', orderIds, status, pageIndex],
    queryFn: () => api.post('/order/bbs/orders/list', { body: { orderIds: [...orderIds], status, pageIndex, pageSize: BATCH_PAGE_SIZE } }),
    enabled,
  });
}

export function useReminderRows(shipType: ShipType | undefined, pageIndex: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ISSUE_BOARD, 'notice', 'list', shipType ?? '', pageIndex],
    queryFn: () => api.post('/order/bbs/notice/list', { body: { ...(shipType ? { shipType } : {}), pageIndex, pageSize: REMINDER_PAGE_SIZE } }),
    enabled,
  });
}

/** The bell's count over all ship types; the hub pushes new values into this query (HubEvents). */
export function useReminderCount(enabled: boolean) {
  return useQuery({
    queryKey: REMINDER_COUNT,
    queryFn: () => api.post('/order/bbs/notice/count', { body: {} }),
    enabled,
  });
}

export function useUserOptions(key: string, enabled: boolean) {
  return useQuery({ queryKey: ['/user/list/take', key], queryFn: () => takeUsers(key), enabled });
}

/**
 * After the server pushes a new count: the badge takes it, and every open issue list and the notice
 * list load again (another user changed an issue).
 */
export function applyPushedCount(client: QueryClient, count: unknown): void {
  if (typeof count === 'number' && Number.isFinite(count)) client.setQueryData(REMINDER_COUNT, count);
  void client.invalidateQueries({ queryKey: ISSUE_BOARD, predicate: (query) => query.queryKey[3] !== 'count' });
}

/**
 * After this user changed an issue or a reply: the lists load again and, given the order, the hub tells
 * the others on its board (SendOrderBbs; a removed reply tells no one). A hub that is not connected only
 * delays the others' badges until they reload.
 */
export function useIssuesChanged() {
  const client = useQueryClient();
  return useCallback(
    (orderId?: number) => {
      void client.invalidateQueries({ queryKey: ISSUE_BOARD });
      if (orderId !== undefined) void hub.invoke(HUB_METHODS.orderIssues, orderId).catch(() => undefined);
    },
    [client],
  );
}
