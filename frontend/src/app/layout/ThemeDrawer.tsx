import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { appMessages } from '@/app/messages';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';
import { useMessages } from '@/shared/i18n';

// The drawer's form, radios and switches load when it first opens, not with the top bar.
const ThemeSettingsDrawer = lazyOpenDialog(async () => (await import('./ThemeSettingsDrawer')).ThemeSettingsDrawer);

/** The top bar's theme button and its drawer: every change applies at once and is kept in this browser. */
export function ThemeButton() {
  const t = useMessages(appMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" icon={<SettingOutlined />} aria-label={t('theme')} title={t('theme')} onClick={() => setOpen(true)} data-testid="topbar-theme" />
      <ThemeSettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
