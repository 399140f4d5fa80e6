import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { labelMessages } from './messages';

// The dialog (upload, radio, alert) loads when first opened, not with the top bar.
const LabelPrintDialog = lazyOpenDialog(async () => (await import('./LabelPrintDialog')).LabelPrintDialog);

/** The top bar's label print button (topbar:label), with its dialog. */
export function LabelPrintButton() {
  const t = useMessages(labelMessages);
  const allowed = usePermission(['topbar:label']);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        type="text"
        icon={<PrinterOutlined />}
        aria-label={t('labelTitle')}
        title={t('labelTitle')}
        onClick={() => setOpen(true)}
        data-testid="topbar-label"
      />
      <LabelPrintDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
