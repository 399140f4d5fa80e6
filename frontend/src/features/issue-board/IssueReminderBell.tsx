import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';
import { usePermission } from '@/shared/permission';
import { useReminderCount } from './api';
import { badgeText } from './badge';
import { issueBoardMessages } from './messages';

// The dialog brings the order drawer and its tabs: loaded when first opened.
const IssueReminderDialog = lazyOpenDialog(async () => (await import('./IssueReminderDialog')).IssueReminderDialog);

/**
 * The top bar's order-issue button (订单问题): how many order issues wait for me (pushed by the hub as they change) and the
 * 需处理的问题 dialog. Shown to those holding order:bbs.
 */
export function IssueReminderBell() {
  return usePermission(['order:bbs']) ? <Bell /> : null;
}

function Bell() {
  const t = useMessages(issueBoardMessages);
  const count = useReminderCount(true);
  const [open, setOpen] = useState(false);
  const text = badgeText(count.data);
  return (
    <>
      <Badge count={text || null} size="small" offset={[-4, 4]} data-testid="bbs-bell-badge">
        {/* a speech bubble, as the home page's issue card, so it is not taken for the notices' bell */}
        <Tooltip title={t('bellTip')}>
          <Button
            type="text"
            icon={<MessageOutlined />}
            aria-label={t('bellTip')}
            onClick={() => setOpen(true)}
            data-testid="bbs-bell"
            data-count={count.data ?? 0}
          />
        </Tooltip>
      </Badge>
      <IssueReminderDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
