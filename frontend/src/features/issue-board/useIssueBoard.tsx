import { CLOSED_ISSUE_STATUS, type IssueStatus, NEW_ISSUE_STATUS, statusAfterReply } from '@forwarder/domain';
import { useState, type ReactNode } from 'react';
import { useSave } from '@/shared/list';
import { closeIssue, deleteIssue, deleteReply, useIssuesChanged, type Issue } from './api';
import { IssueForm } from './IssueForm';
import type { IssueActions, PersonRef } from './IssueTable';
import { ReplyForm, type ReplyTarget } from './ReplyForm';
import { UserViewDialog } from './UserViewDialog';

/**
 * What both issue dialogs do with their rows (seed 2 §4.1): the issue and reply forms, removals and
 * closing (each change reloads the lists and, except a removed reply, tells the others through the hub),
 * the user view; and where the view goes next: a new issue shows on wait, a reply to a wait issue moves
 * the view to handle, a close to completed.
 */
export function useIssueBoard<T extends Issue>({
  status,
  orderId,
  onStatus,
}: {
  status: IssueStatus;
  /** the order new issues are raised on (the per-order dialog) */
  orderId?: number;
  onStatus: (status: IssueStatus) => void;
}): { actions: IssueActions<T>; raiseIssue: () => void; dialogs: ReactNode } {
  const changed = useIssuesChanged();
  const [issueForm, setIssueForm] = useState<{ editing: Issue | null } | null>(null);
  const [replyTo, setReplyTo] = useState<{ target: ReplyTarget; issue: Issue } | null>(null);
  const [person, setPerson] = useState<PersonRef | null>(null);

  const remove = useSave({ save: (issue: T) => deleteIssue(issue.id), onSaved: (_, issue) => changed(issue.orderId), onStale: () => changed() });
  const close = useSave({
    save: closeIssue,
    onSaved: (_, issue: T) => {
      changed(issue.orderId);
      onStatus(CLOSED_ISSUE_STATUS);
    },
    onStale: () => changed(),
  });
  // A removed reply is not announced (seed 2 §4.1).
  const removeReply = useSave({ save: deleteReply, onSaved: () => changed(), onStale: () => changed() });

  const actions: IssueActions<T> = {
    onEdit: (issue) => setIssueForm({ editing: issue }),
    onRemove: (issue) => remove.mutate(issue),
    onReply: (issue) => setReplyTo({ target: { issueId: issue.id }, issue }),
    onClose: (issue) => close.mutate(issue),
    onEditReply: (reply, issue) => setReplyTo({ target: { replyId: reply.id }, issue }),
    onRemoveReply: (reply) => removeReply.mutate(reply.id),
    onPerson: setPerson,
  };

  const editing = issueForm?.editing ?? null;
  const formOrderId = editing?.orderId ?? orderId ?? 0;
  const dialogs = (
    <>
      <IssueForm
        open={issueForm !== null}
        orderId={formOrderId}
        editing={editing}
        onClose={() => setIssueForm(null)}
        onSaved={() => {
          changed(formOrderId);
          if (!editing) onStatus(NEW_ISSUE_STATUS);
        }}
      />
      <ReplyForm
        target={replyTo?.target ?? null}
        onClose={() => setReplyTo(null)}
        onSaved={() => {
          changed(replyTo?.issue.orderId);
          const next = statusAfterReply(status);
          if (replyTo?.target.issueId !== undefined && next !== status) onStatus(next);
        }}
      />
      <UserViewDialog user={person} onClose={() => setPerson(null)} />
    </>
  );
  return { actions, raiseIssue: () => setIssueForm({ editing: null }), dialogs };
}
