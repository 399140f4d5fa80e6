/** The issue board's constants and pure rules (docs/issue-board.md): one state machine for server and client. */

/** wait (沟通中): posted, not answered yet; handle (处理中): answered; completed (处理完成): closed by its author. */
export const ISSUE_STATUSES = ['wait', 'handle', 'completed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const ISSUE_TEXT_MAX_LENGTH = 1000;
export const ISSUE_MAX_PHOTOS = 2;

/** The status a new issue starts in. */
export const NEW_ISSUE_STATUS: IssueStatus = 'wait';
/** The status closing moves an issue to. */
export const CLOSED_ISSUE_STATUS: IssueStatus = 'completed';
/** The tab both issue dialogs open on when nothing else is asked: the issues being handled. */
export const DEFAULT_ISSUE_TAB: IssueStatus = 'handle';

/** Why a move on an issue or a reply is refused; the server answers each with its message and status. */
export type IssueRefusal = 'onlyAuthorEdits' | 'onlyAuthorCloses' | 'onlyReplyAuthor' | 'completed' | 'editOnlyWaiting' | 'closeOnlyHandling';

/** What the rules read of an issue. */
export interface IssueFacts {
  status: IssueStatus;
  createUserId: number;
}

/** Who acts: a super administrator may close any issue. */
export interface IssueActor {
  userId: number;
  isSuperAdmin: boolean;
}

/** Editing or removing an issue: its author only, while it waits for its first reply. `null` when allowed. */
export function mayEditIssue(issue: IssueFacts, userId: number): IssueRefusal | null {
  if (issue.createUserId !== userId) return 'onlyAuthorEdits';
  if (issue.status === 'completed') return 'completed';
  return issue.status === 'wait' ? null : 'editOnlyWaiting';
}

/** Closing (handle → completed): the issue's author or a super administrator, once it has been answered. */
export function mayCloseIssue(issue: IssueFacts, actor: IssueActor): IssueRefusal | null {
  if (issue.createUserId !== actor.userId && !actor.isSuperAdmin) return 'onlyAuthorCloses';
  if (issue.status === 'completed') return 'completed';
  return issue.status === 'handle' ? null : 'closeOnlyHandling';
}

/** Replying: anyone who sees the board, until the issue is closed. */
export function mayReplyIssue(issue: Pick<IssueFacts, 'status'>): IssueRefusal | null {
  return issue.status === 'completed' ? 'completed' : null;
}

/** Editing or removing a reply: its author only, until the issue is closed. */
export function mayEditReply(issue: Pick<IssueFacts, 'status'>, replyAuthorId: number, userId: number): IssueRefusal | null {
  if (replyAuthorId !== userId) return 'onlyReplyAuthor';
  return mayReplyIssue(issue);
}

/** The first reply on a waiting issue moves it to handle; later replies leave the status as it is. */
export function statusAfterReply(status: IssueStatus): IssueStatus {
  return status === 'wait' ? 'handle' : status;
}

/** Whether an issue in this status has replies to show (a waiting issue has none yet). */
export const showsReplies = (status: IssueStatus): boolean => status !== 'wait';

/**
 * The tab an order's board opens on from the reminder bell: the first that holds an issue waiting for the
 * caller (wait: to answer as its handler; handle: answered, to check as its author), not an empty default.
 */
export function defaultIssueTab(waiting: { waitNum: number; handleNum: number }): IssueStatus | undefined {
  const counts: Partial<Record<IssueStatus, number>> = { wait: waiting.waitNum, handle: waiting.handleNum };
  return ISSUE_STATUSES.find((status) => (counts[status] ?? 0) > 0);
}

/** The batch dialog's tabs: the completed tab appears once an issue was closed there. */
export function batchIssueTabs(closedHere: boolean): readonly IssueStatus[] {
  return closedHere ? ISSUE_STATUSES : ISSUE_STATUSES.filter((status) => status !== CLOSED_ISSUE_STATUS);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Issue and reply text as stored and answered: HTML whose only markup is `<br/>` for a line break. The
 * client sends line breaks as `<br/>` (seed 5); `<br>` and real newlines count as line breaks too, and
 * everything else is escaped, so the text shows as typed when rendered as HTML and nothing in it runs.
 * `length` is the length as typed (a line break is one character), the one limited to 1000.
 */
export function storedText(input: string): { html: string; length: number } {
  const text = input
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .trim();
  return { html: text.replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/\n/g, '<br/>'), length: text.length };
}
