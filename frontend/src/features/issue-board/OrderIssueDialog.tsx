import { DEFAULT_ISSUE_TAB, ISSUE_STATUSES, type IssueStatus } from '@forwarder/domain';
import { Button, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { formatTime } from '@/features/logs';
import { useMessages } from '@/shared/i18n';
import { useOrderIssueCounts, useOrderIssues, type Issue } from './api';
import { IssueTable } from './IssueTable';
import { issueBoardMessages } from './messages';
import { useIssueBoard } from './useIssueBoard';

export interface OrderIssueDialogProps {
  open: boolean;
  orderId: number;
  orderNo: string;
  /** smallbag, dedicatedline or airtransport: the line the order is on (every line's board behaves alike) */
  shipType: string;
  /** the tab to open on (the bell: where the caller's issue is); the handle tab otherwise */
  initialStatus?: IssueStatus;
  onClose: () => void;
}

const DIALOG_WIDTH = 880;

/**
 * '{orderNo} 问题报备' (seed 2 §2.1): an order's issues by status tab (handle first), their replies, and
 * 发布问题 to raise a new one.
 */
export function OrderIssueDialog({ open, orderId, orderNo, shipType, initialStatus = DEFAULT_ISSUE_TAB, onClose }: OrderIssueDialogProps) {
  const t = useMessages(issueBoardMessages);
  const [status, setStatus] = useState<IssueStatus>(initialStatus);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const issues = useOrderIssues(orderId, status, open);
  const counts = useOrderIssueCounts(orderId, open);
  const showStatus = (next: IssueStatus) => {
    setStatus(next);
    setExpandedId(null);
  };
  const board = useIssueBoard<Issue>({ status, orderId, onStatus: showStatus });

  // Each opening (or another order) starts on its tab, set in the same render so no other tab is fetched first.
  const openedOn = open ? orderId : null;
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (shownFor !== openedOn) {
    setShownFor(openedOn);
    if (open) showStatus(initialStatus);
  }

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH}
      title={t('dialogTitle', { orderNo })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={board.raiseIssue} data-testid="bbs-raise-issue">
          {t('postIssue')}
        </Button>
      }
    >
      <div data-testid="order-bbs-dialog" data-ship-type={shipType}>
        <Tabs
          activeKey={status}
          onChange={(key) => showStatus(key as IssueStatus)}
          items={ISSUE_STATUSES.map((key) => ({
            key,
            label: <span data-testid={`bbs-tab-${key}`}>{counts[key] === undefined ? t(key) : t('tabCount', { name: t(key), count: counts[key] })}</span>,
          }))}
        />
        <IssueTable<Issue>
          status={status}
          issues={issues.isError ? [] : (issues.data ?? [])}
          loading={issues.isFetching}
          expandedId={expandedId}
          onToggle={setExpandedId}
          timeOf={formatTime}
          actions={board.actions}
        />
      </div>
      {board.dialogs}
    </Modal>
  );
}
