import { useQueryClient } from '@tanstack/react-query';
import { Badge, Empty, Flex, Modal, Pagination, Segmented, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatTime } from '@/features/logs';
import { useMessages } from '@/shared/i18n';
import { MY_NOTICES, useMyNoticeDetail, useMyNotices, type MyNotice } from './api';
import { noticeMessages } from './messages';
import { NoticeArticle } from './NoticeArticle';

// The bell's list of my notices and the dialog reading one: NoticeBell loads them when first opened.

const PAGE_SIZE = 6;

export function MyNoticeList({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useMessages(noticeMessages);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const notices = useMyNotices({ ...(onlyUnread ? { read: false } : {}), pageIndex, pageSize: PAGE_SIZE }, true);
  const items = notices.data?.items ?? [];
  return (
    <Flex vertical gap={8} style={{ width: 340 }} data-testid="notice-bell-list">
      <Segmented<'all' | 'unread'>
        block
        size="small"
        value={onlyUnread ? 'unread' : 'all'}
        onChange={(value) => {
          setOnlyUnread(value === 'unread');
          setPageIndex(1);
        }}
        options={[
          { value: 'all', label: t('all') },
          { value: 'unread', label: t('unread') },
        ]}
      />
      <Spin spinning={notices.isFetching}>
        {items.length ? (
          <div>
            {items.map((notice) => (
              <NoticeLine key={notice.id} notice={notice} onOpen={() => onOpen(notice.id)} />
            ))}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotices')} />
        )}
      </Spin>
      {(notices.data?.totalCount ?? 0) > PAGE_SIZE ? (
        <Pagination simple size="small" align="center" current={pageIndex} pageSize={PAGE_SIZE} total={notices.data?.totalCount} onChange={setPageIndex} />
      ) : null}
    </Flex>
  );
}

function NoticeLine({ notice, onOpen }: { notice: MyNotice; onOpen: () => void }) {
  return (
    <div
      className="notice-bell-item"
      role="button"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(event) => event.key === 'Enter' && onOpen()}
      data-testid="notice-bell-item"
    >
      <Flex align="center" gap={6}>
        {notice.read ? null : <Badge status="processing" />}
        <Typography.Text strong={!notice.read} ellipsis style={{ flex: 1 }}>
          {notice.title}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[notice.createdByName, formatTime(notice.publishedAt)].filter(Boolean).join(' · ')}
      </Typography.Text>
    </div>
  );
}

/** Reading a notice marks it read: the count and the list are fetched again once it has arrived. */
export function MyNoticeDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const detail = useMyNoticeDetail(id);
  const notice = detail.data;
  const readAt = detail.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void client.invalidateQueries({ queryKey: [...MY_NOTICES, 'unread'] });
    void client.invalidateQueries({ queryKey: [...MY_NOTICES, 'list'] });
  }, [client, readAt]);
  return (
    <Modal open={id !== null} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      {notice && notice.id === id ? (
        <NoticeArticle title={notice.title} author={notice.createdByName} publishedAt={notice.publishedAt} content={notice.content} />
      ) : (
        <Spin spinning={detail.isFetching} />
      )}
    </Modal>
  );
}
