import type { ShipType } from '@forwarder/domain';
import { Button, Checkbox, Empty, Flex, Modal, Pagination, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useShipTypes } from '@/shared/orders/shipTypes';
import { format, localized, useLanguage, useMessages } from '@/shared/i18n';
import { REMINDER_PAGE_SIZE, useReminderRows, type IssueReminderRow } from './api';
import { BatchDialog } from './BatchDialog';
import { Link } from './IssueTable';
import { issueBoardMessages } from './messages';
import { ReminderBoardDialog } from './ReminderBoardDialog';
import { splitAround } from './reminderRow';

const ALL = '';

/**
 * 需处理的问题 (seed 2 §2.4): the orders with open issues, filtered by line, five a page; an order number
 * opens that order's issue dialog, and the selected orders are handled together in the batch dialog.
 */
export function IssueReminderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(issueBoardMessages);
  const language = useLanguage();
  const [shipType, setShipType] = useState<ShipType | typeof ALL>(ALL);
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [board, setBoard] = useState<IssueReminderRow | null>(null);
  const [batch, setBatch] = useState<number[] | null>(null);
  // Each opening starts on every line's first page with nothing selected, set in the same render so no stale page is fetched first.
  const [shownOpen, setShownOpen] = useState(false);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) {
      setShipType(ALL);
      setPageIndex(1);
      setSelected([]);
    }
  }
  const shipTypes = useShipTypes(open);
  const rows = useReminderRows(shipType || undefined, pageIndex, open);
  const items = rows.isError ? [] : (rows.data?.items ?? []);

  const [before, after] = splitAround(t('reminderRow'), 'orderNo');
  const toggle = (orderId: number, on: boolean) => setSelected((ids) => (on ? [...ids, orderId] : ids.filter((id) => id !== orderId)));

  return (
    <Modal open={open} width={640} title={t('reminderTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={12} data-testid="bbs-notice-dialog">
        <Radio.Group
          value={shipType}
          onChange={(event) => {
            setShipType(event.target.value as ShipType | typeof ALL);
            setPageIndex(1);
          }}
          options={[
            { value: ALL, label: t('all') },
            ...(shipTypes.data ?? []).map((type) => ({ value: type.value, label: localized(language, type.text, type.textEn) })),
          ]}
          optionType="button"
        />
        <Spin spinning={rows.isFetching}>
          {items.length ? (
            <Flex vertical gap={8}>
              {items.map((row) => (
                <Flex key={row.orderId} align="center" gap={8} data-testid={`bbs-notice-${row.orderNo}`}>
                  <Checkbox checked={selected.includes(row.orderId)} onChange={(event) => toggle(row.orderId, event.target.checked)} />
                  <Typography.Text>
                    {format(before, { waitNum: row.waitNum, handleNum: row.handleNum })}
                    <Link onClick={() => setBoard(row)} testId="bbs-notice-order">
                      {row.orderNo}
                    </Link>
                    {format(after, { waitNum: row.waitNum, handleNum: row.handleNum })}
                  </Typography.Text>
                </Flex>
              ))}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReminders')} />
          )}
        </Spin>
        <Flex justify="space-between" align="center">
          <Button type="primary" disabled={!selected.length} onClick={() => setBatch(selected)} data-testid="bbs-notice-batch">
            {t('batch', { n: selected.length })}
          </Button>
          <Pagination
            size="small"
            current={pageIndex}
            pageSize={REMINDER_PAGE_SIZE}
            total={rows.data?.totalCount ?? 0}
            showSizeChanger={false}
            onChange={setPageIndex}
          />
        </Flex>
      </Flex>
      <ReminderBoardDialog row={board} onClose={() => setBoard(null)} />
      <BatchDialog open={batch !== null} orderIds={batch ?? []} onClose={() => setBatch(null)} />
    </Modal>
  );
}
