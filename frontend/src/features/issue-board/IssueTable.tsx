import { ArrowRightOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Image, Popconfirm, Table, Typography, type ButtonProps, type TableProps } from 'antd';
import {
  CLOSED_ISSUE_STATUS,
  type IssueActor,
  type IssueStatus,
  mayCloseIssue,
  mayEditIssue,
  mayEditReply,
  mayReplyIssue,
  showsReplies,
} from '@forwarder/domain';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { useSession } from '@/shared/session/store';
import { formatTime } from '@/features/logs';
import { useMessages } from '@/shared/i18n';
import type { IssueFile, Issue, Reply } from './api';
import { fromStoredText } from './issueText';
import { issueBoardMessages } from './messages';

export const ACTION_COLUMN_WIDTH = 60;

export interface PersonRef {
  id: number;
  name: string;
}

/** What a row's links and buttons ask the dialog around the table to do. */
export interface IssueActions<T extends Issue> {
  onEdit: (issue: T) => void;
  onRemove: (issue: T) => void;
  onReply: (issue: T) => void;
  onClose: (issue: T) => void;
  onEditReply: (reply: Reply, issue: T) => void;
  onRemoveReply: (reply: Reply) => void;
  onPerson: (person: PersonRef) => void;
}

/**
 * The headerless table of the issue dialogs (seed 2 §2.1, §2.5): one row per issue with its text, images,
 * author → handler, time and NO:{id}, and a 60 px action column. On the handle and completed tabs
 * clicking a row shows its replies, one row at a time.
 */
export function IssueTable<T extends Issue>({
  status,
  issues,
  loading,
  expandedId,
  onToggle,
  timeOf,
  before,
  actions,
  pagination = false,
}: {
  status: IssueStatus;
  issues: readonly T[];
  loading: boolean;
  expandedId: number | null;
  onToggle: (id: number | null) => void;
  /** how a row shows when something was written */
  timeOf: (instant: string) => string;
  /** what a row shows ahead of its people (the batch dialog: ship type and order number) */
  before?: (issue: T) => ReactNode;
  actions: IssueActions<T>;
  pagination?: TableProps<T>['pagination'];
}) {
  const t = useMessages(issueBoardMessages);
  const userId = useSession((state) => state.userId);
  const isSuperAdmin = useSession((state) => state.isSuperAdmin);
  // Signed out (no user) nothing is the caller's: id 0 is nobody's.
  const actor: IssueActor = { userId: userId === null ? 0 : Number(userId), isSuperAdmin };
  const expandable = showsReplies(status);

  const columns: TableProps<T>['columns'] = [
    {
      key: 'issue',
      render: (_, issue) => (
        <Flex vertical gap={4} data-testid={`bbs-issue-${issue.id}`}>
          <StoredText text={issue.detail} />
          <Thumbnails files={issue.files} />
          <Flex wrap align="center" gap={8}>
            {before?.(issue)}
            <Person id={issue.createUserId} name={issue.createUserName} onOpen={actions.onPerson} />
            <ArrowRightOutlined />
            <Person id={issue.processedUserId} name={issue.processedUserName} onOpen={actions.onPerson} />
            <Typography.Text type="secondary">{timeOf(issue.createTime)}</Typography.Text>
            <Typography.Text type="secondary">{t('number', { id: issue.id })}</Typography.Text>
            {mayEditIssue({ status, createUserId: issue.createUserId }, actor.userId) === null ? (
              <EditAndRemove
                post="issue"
                onEdit={() => actions.onEdit(issue)}
                removeConfirm={t('removeIssueConfirm')}
                onRemove={() => actions.onRemove(issue)}
              />
            ) : null}
            {status === CLOSED_ISSUE_STATUS ? (
              <Typography.Text type="secondary">{t('closedAt', { time: formatTime(issue.modifyTime) })}</Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'action',
      width: ACTION_COLUMN_WIDTH,
      align: 'center',
      render: (_, issue) => {
        if (mayReplyIssue({ status }) !== null) return t('dashes');
        const expanded = expandedId === issue.id;
        return (
          <Flex vertical align="center">
            {!showsReplies(status) || expanded ? (
              <Link onClick={() => actions.onReply(issue)} testId="bbs-issue-reply">
                {t('reply')}
              </Link>
            ) : null}
            {mayCloseIssue({ status, createUserId: issue.createUserId }, actor) === null ? (
              <Confirmed title={t('closeIssueConfirm')} onConfirm={() => actions.onClose(issue)}>
                <Link testId="bbs-issue-close">{t('close')}</Link>
              </Confirmed>
            ) : null}
          </Flex>
        );
      },
    },
  ];

  return (
    <Table<T>
      rowKey="id"
      size="small"
      showHeader={false}
      loading={loading}
      columns={columns}
      dataSource={issues}
      pagination={pagination}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      onRow={(issue) => ({
        onClick: expandable ? () => onToggle(expandedId === issue.id ? null : issue.id) : undefined,
        style: expandable ? { cursor: 'pointer' } : undefined,
      })}
      expandable={{
        showExpandColumn: false,
        rowExpandable: () => expandable,
        expandedRowKeys: expandable && expandedId !== null ? [expandedId] : [],
        expandedRowRender: (issue) => <Replies issue={issue} status={status} userId={actor.userId} timeOf={timeOf} actions={actions} />,
      }}
    />
  );
}

function Replies<T extends Issue>({
  issue,
  status,
  userId,
  timeOf,
  actions,
}: {
  issue: T;
  status: IssueStatus;
  userId: number;
  timeOf: (instant: string) => string;
  actions: IssueActions<T>;
}) {
  const t = useMessages(issueBoardMessages);
  const replies = issue.reply;
  if (!replies.length) return <Typography.Text type="secondary">{t('noReply')}</Typography.Text>;
  return (
    <Flex vertical gap={8} data-testid="bbs-replies">
      {replies.map((reply) => (
        <Flex key={reply.id} vertical gap={4} data-testid={`bbs-reply-${reply.id}`}>
          <StoredText text={reply.detail} />
          <Thumbnails files={reply.files} />
          <Flex wrap align="center" gap={8}>
            <Person id={reply.createUserId} name={reply.createUserName} onOpen={actions.onPerson} />
            <Typography.Text type="secondary">{timeOf(reply.createTime)}</Typography.Text>
            <Typography.Text type="secondary">{t('number', { id: reply.id })}</Typography.Text>
            {mayEditReply({ status }, reply.createUserId, userId) === null ? (
              <EditAndRemove
                post="reply"
                onEdit={() => actions.onEditReply(reply, issue)}
                removeConfirm={t('removeReplyConfirm')}
                onRemove={() => actions.onRemoveReply(reply)}
              />
            ) : null}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

/** Stored text shown as plain text (React escapes it), its line breaks kept. */
export function StoredText({ text }: { text: string }) {
  return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{fromStoredText(text)}</Typography.Paragraph>;
}

const THUMBNAILS = 2;

function Thumbnails({ files }: { files: readonly IssueFile[] }) {
  if (!files.length) return null;
  return (
    // only as wide as the pictures: a click beside them still toggles the row
    <span onClick={(event) => event.stopPropagation()} style={{ alignSelf: 'flex-start' }}>
      <Image.PreviewGroup>
        <Flex gap={8}>
          {files.slice(0, THUMBNAILS).map((file) => (
            <Image key={file.id} src={file.url} alt={file.fileName} width={60} height={60} style={{ objectFit: 'cover' }} />
          ))}
        </Flex>
      </Image.PreviewGroup>
    </span>
  );
}

/**
 * A link inside a clickable row: it does its own thing without toggling the row. It hands its ref and the
 * props a Popconfirm injects to the button (React 19 passes `ref` as a prop), so a confirmation wrapped
 * around it is placed at the link.
 */
export function Link({
  onClick,
  testId,
  children,
  ref,
  ...rest
}: { onClick?: (event: MouseEvent<HTMLElement>) => void; testId?: string; children: ReactNode; ref?: Ref<HTMLButtonElement> } & Omit<
  ButtonProps,
  'onClick' | 'children'
>) {
  return (
    <Button
      {...rest}
      ref={ref}
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto' }}
      onClick={(event) => {
        event.stopPropagation();
        // a Popconfirm around the link opens through this same handler
        onClick?.(event);
      }}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

function Person({ id, name, onOpen }: { id: number; name: string | null; onOpen: (person: PersonRef) => void }) {
  return (
    <Link onClick={() => onOpen({ id, name: name ?? '' })} testId="bbs-person">
      {name ?? id}
    </Link>
  );
}

/** The author's links on their own issue or reply: edit, and remove once confirmed. */
function EditAndRemove({
  post,
  onEdit,
  removeConfirm,
  onRemove,
}: {
  post: 'issue' | 'reply';
  onEdit: () => void;
  removeConfirm: string;
  onRemove: () => void;
}) {
  const t = useMessages(issueBoardMessages);
  return (
    <>
      <Link onClick={onEdit} testId={`bbs-${post}-edit`}>
        {t('edit')}
      </Link>
      <Confirmed title={removeConfirm} onConfirm={onRemove}>
        <Link testId={`bbs-${post}-remove`}>{t('remove')}</Link>
      </Confirmed>
    </>
  );
}

function Confirmed({ title, onConfirm, children }: { title: string; onConfirm: () => void; children: ReactNode }) {
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Popconfirm title={title} onConfirm={onConfirm}>
        {children}
      </Popconfirm>
    </span>
  );
}
