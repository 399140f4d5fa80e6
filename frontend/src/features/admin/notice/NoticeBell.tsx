import { HUB_EVENTS } from '@forwarder/domain';
import { NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Popover, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { hub } from '@/shared/hub/hub';
import { lazyDialog } from '@/shared/components/lazyDialog';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { MY_NOTICES, useUnreadNoticeCount } from './api';
import { noticeMessages } from './messages';
import { isNoticePush } from './noticeContent';

/** The list's width, kept while its module loads. */
const LIST_WIDTH = 340;

// The list (segmented, pagination) and the reading dialog load when first opened, not with the top bar.
const MyNoticeList = lazy(async () => ({ default: (await import('./MyNotices')).MyNoticeList }));
const MyNoticeDialog = lazyDialog(
  async () => (await import('./MyNotices')).MyNoticeDialog,
  ({ id }) => id !== null,
);

/**
 * The top bar's bell: how many notices addressed to me are unread (refreshed every minute and at once when
 * one is published to me), and my notices, each opened (and so marked read) from the list. Shown to those
 * holding topbar:notice.
 */
export function NoticeBell({ label }: { label: string }) {
  return usePermission(['topbar:notice']) ? <Bell label={label} /> : null;
}

function Bell({ label }: { label: string }) {
  const t = useMessages(noticeMessages);
  const client = useQueryClient();
  const unread = useUnreadNoticeCount();
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<number | null>(null);

  useEffect(
    () =>
      hub.on(HUB_EVENTS.message, (payload) => {
        if (isNoticePush(payload)) void client.invalidateQueries({ queryKey: MY_NOTICES });
      }),
    [client],
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={t('myNotices')}
        content={
          <Suspense
            fallback={
              <Flex justify="center" style={{ width: LIST_WIDTH }}>
                <Spin />
              </Flex>
            }
          >
            <MyNoticeList
              onOpen={(id) => {
                setOpen(false);
                setReading(id);
              }}
            />
          </Suspense>
        }
        destroyOnHidden
      >
        <Badge count={unread.data ?? 0} overflowCount={99} size="small" offset={[-4, 4]}>
          {/* a loudspeaker, as the home page's notice card: the order issues have their own button */}
          <Tooltip title={label}>
            <Button type="text" icon={<NotificationOutlined />} aria-label={label} data-testid="notice-bell" data-unread={unread.data} />
          </Tooltip>
        </Badge>
      </Popover>
      <MyNoticeDialog id={reading} onClose={() => setReading(null)} />
    </>
  );
}
