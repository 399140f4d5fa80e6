import { BugOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { appMessages } from '@/app/messages';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';
import { useErrorLog } from '@/shared/errorLog/errorLog';
import { useMessages } from '@/shared/i18n';

// Its table loads when the log is first opened, not with the top bar.
const ErrorLogDialog = lazyOpenDialog(async () => (await import('./ErrorLogDialog')).ErrorLogDialog);

/** Captured front-end and request errors, for a user to read out or a developer to inspect. */
export function ErrorLogButton() {
  const t = useMessages(appMessages);
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={entries.length} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BugOutlined />} aria-label={t('errorLog')} title={t('errorLog')} onClick={() => setOpen(true)} />
      </Badge>
      <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
