import { batchIssueTabs, CLOSED_ISSUE_STATUS, DEFAULT_ISSUE_TAB, type IssueStatus } from '@forwarder/domain';
import { Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { LazyOrderDetailDrawer } from '@/features/orders';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { BATCH_PAGE_SIZE, useBatchIssues, type IssueWithOrder } from './api';
import { IssueTable, Link } from './IssueTable';
import { issueBoardMessages } from './messages';
import { relativeTime } from './relativeTime';
import { useIssueBoard } from './useIssueBoard';

const DIALOG_WIDTH = 880;

/**
 * 批量处理问题 (seed 2 §2.5): the issues of several orders at once, by tab (handling first; the completed
 * tab appears once something was closed here), 20 a page; an order number opens the order's detail.
 */
export function BatchDialog({ open, orderIds, onClose }: { open: boolean; orderIds: readonly number[]; onClose: () => void }) {
  const t = useMessages(issueBoardMessages);
  const language = useLanguage();
  const [status, setStatus] = useState<IssueStatus>(DEFAULT_ISSUE_TAB);
  const [closedHere, setClosedHere] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  // Each opening starts on the handle tab's first page, set in the same render so no stale page is fetched first.
  const [shownOpen, setShownOpen] = useState(false);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) {
      setStatus(DEFAULT_ISSUE_TAB);
      setClosedHere(false);
      setPageIndex(1);
      setExpandedId(null);
    }
  }
  const issues = useBatchIssues(orderIds, status, pageIndex, open);
  const showStatus = (next: IssueStatus) => {
    if (next === CLOSED_ISSUE_STATUS) setClosedHere(true);
    setStatus(next);
    setPageIndex(1);
    setExpandedId(null);
  };
  const board = useIssueBoard<IssueWithOrder>({ status, onStatus: showStatus });
  const [orderId, setOrderId] = useState<number | null>(null);

  const page = issues.isError ? undefined : issues.data;
  return (
    <Modal open={open} width={DIALOG_WIDTH} title={t('batchTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="bbs-batch-dialog">
        <Tabs
          activeKey={status}
          onChange={(key) => showStatus(key as IssueStatus)}
          items={batchIssueTabs(closedHere).map((key) => ({ key, label: <span data-testid={`bbs-batch-tab-${key}`}>{t(key)}</span> }))}
        />
        <IssueTable<IssueWithOrder>
          status={status}
          issues={page?.items ?? []}
          loading={issues.isFetching}
          expandedId={expandedId}
          onToggle={setExpandedId}
          timeOf={(instant) => relativeTime(instant, language)}
          before={(issue) => (
            <>
              <Typography.Text type="secondary">{localized(language, issue.shipType.text, issue.shipType.textEn)}</Typography.Text>
              <Link onClick={() => setOrderId(issue.orderId)} testId="bbs-batch-order">
                {issue.orderNo}
              </Link>
            </>
          )}
          actions={board.actions}
          pagination={{
            current: pageIndex,
            pageSize: BATCH_PAGE_SIZE,
            total: page?.totalCount ?? 0,
            showSizeChanger: false,
            // at most 5 page buttons
            showLessItems: true,
            hideOnSinglePage: true,
            onChange: (next) => {
              setPageIndex(next);
              setExpandedId(null);
            },
          }}
        />
      </div>
      {board.dialogs}
      <LazyOrderDetailDrawer orderId={orderId} onClose={() => setOrderId(null)} />
    </Modal>
  );
}
