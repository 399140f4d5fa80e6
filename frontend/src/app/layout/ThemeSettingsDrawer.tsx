import { Button, Drawer, Form, Radio, Switch } from 'antd';
import { appMessages } from '@/app/messages';
import { MENU_LAYOUTS, resetTheme, setTheme, THEME_SWITCHES, useTheme } from '@/app/theme';
import { useMessages } from '@/shared/i18n';

/** The theme drawer (ThemeButton opens it): every change applies at once and is kept in this browser. */
export function ThemeSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(appMessages);
  const theme = useTheme();
  return (
    <Drawer
      title={t('theme')}
      open={open}
      onClose={onClose}
      size={300}
      footer={
        <Button onClick={resetTheme} data-testid="theme-reset">
          {t('themeReset')}
        </Button>
      }
      data-testid="theme-drawer"
    >
      <Form layout="horizontal" labelCol={{ span: 10 }} labelAlign="left" colon={false}>
        <Form.Item label={t('themeLayout')}>
          <Radio.Group
            optionType="button"
            value={theme.layout}
            onChange={(event) => setTheme({ layout: event.target.value })}
            options={MENU_LAYOUTS.map((layout) => ({ value: layout, label: <span data-testid={`theme-layout-${layout}`}>{t(`layout_${layout}`)}</span> }))}
          />
        </Form.Item>
        {THEME_SWITCHES.map((key) => (
          <Form.Item key={key} label={t(key)}>
            <Switch checked={theme[key]} onChange={(checked) => setTheme({ [key]: checked })} data-testid={`theme-${key}`} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
