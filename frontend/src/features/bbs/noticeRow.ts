import { ISSUE_STATUSES, type IssueStatus, type NoticeRow } from './api';

/**
 * A message template split around one placeholder, so the placeholder can be rendered as an element
 * (the order number link of '{orderNo} 当前存在 …').
 */
export function splitAround(template: string, placeholder: string): [string, string] {
  const marker = `{${placeholder}}`;
  const at = template.indexOf(marker);
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + marker.length)];
}

/**
 * The tab an order's board opens on from the bell: the first that holds an issue waiting for the caller
 * (wait: to answer as its handler; handle: answered, to check as its author), not an empty default.
 */
export function tabForNotice(row: Pick<NoticeRow, 'waitNum' | 'handleNum'>): IssueStatus | undefined {
  const waiting: Partial<Record<IssueStatus, number>> = { wait: row.waitNum, handle: row.handleNum };
  return ISSUE_STATUSES.find((status) => (waiting[status] ?? 0) > 0);
}
