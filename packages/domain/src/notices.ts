/** Notices (通知公告, the announcements administrators publish): their audiences, statuses and content rule. */

/** Everyone, chosen roles, or chosen staff. */
export const NOTICE_AUDIENCES = ['all', 'roles', 'users'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** A draft or a withdrawn notice can be edited, deleted and published; a published one only withdrawn. */
export const EDITABLE_NOTICE_STATUSES = ['draft', 'withdrawn'] as const satisfies readonly NoticeStatus[];

export function isNoticeEditable(status: NoticeStatus): boolean {
  return (EDITABLE_NOTICE_STATUSES as readonly NoticeStatus[]).includes(status);
}

/** The statuses the notice log (/log/notice) lists: drafts never reach it. */
export const LOGGED_NOTICE_STATUSES = ['published', 'withdrawn'] as const satisfies readonly NoticeStatus[];
export type LoggedNoticeStatus = (typeof LOGGED_NOTICE_STATUSES)[number];

/**
 * Whether notice HTML shows anything: text other than whitespace, or an image. An editor left empty
 * still holds markup such as `<p><br></p>`; the form and the server (on the sanitised content) refuse
 * that alike as missing content.
 */
export function hasVisibleContent(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/gi, '') !== '';
}
