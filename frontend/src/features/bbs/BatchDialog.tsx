import { BBS_STATUSES } from '@forwarder/domain';
import { Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { LazyOrderDetailDrawer } from '@/features/orders';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { BATCH_PAGE_SIZE, useBatchIssues, type IssueStatus, type OrderIssue } from './api';
import { IssueTable, Link } from './IssueTable';
import { bbsMessages } from './messages';
import { relativeTime } from './relativeTime';
import { useIssueBoard } from './useIssueBoard';

const DIALOG_WIDTH = 880;
const DEFAULT_STATUS: IssueStatus = 'handle';

/**
 * 批量处理问题 (seed 2 §2.5): the issues of several orders at once, by tab (handling first; the completed
 * tab appears once something was closed here), 20 a page; an order number opens the order's detail.
 */
export function BatchDialog({ open, orderIds, onClose }: { open: boolean; orderIds: readonly number[]; onClose: () => void }) {
  const t = useMessages(bbsMessages);
  const language = useLanguage();
  const [status, setStatus] = useState<IssueStatus>(DEFAULT_STATUS);
  const [closedHere, setClosedHere] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  // Each opening starts on the handle tab's first page, set in the same render so no stale page is fetched first.
  const [shownOpen, setShownOpen] = useState(false);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) {
      setStatus(DEFAULT_STATUS);
      setClosedHere(false);
      setPageIndex(1);
      setExpandedId(null);
    }
  }
  const issues = useBatchIssues(orderIds, status, pageIndex, open);
  const showStatus = (next: IssueStatus) => {
    if (next === 'completed') setClosedHere(true);
    setStatus(next);
    setPageIndex(1);
    setExpandedId(null);
  };
  const board = useIssueBoard<OrderIssue>({ status, onStatus: showStatus });
  const [orderId, setOrderId] = useState<number | null>(null);

  const tabs: readonly IssueStatus[] = closedHere ? BBS_STATUSES : BBS_STATUSES.filter((status) => status !== 'completed');
  const page = issues.isError ? undefined : issues.data;
  return (
    <Modal open={open} width={DIALOG_WIDTH} title={t('batchTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="bbs-batch-dialog">
        <Tabs
          activeKey={status}
          onChange={(key) => showStatus(key as IssueStatus)}
          items={tabs.map((key) => ({ key, label: <span data-testid={`bbs-batch-tab-${key}`}>{t(key)}</span> }))}
        />
        <IssueTable<OrderIssue>
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
