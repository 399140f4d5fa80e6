import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Radio, Switch } from 'antd';
import { useState } from 'react';
import { appMessages } from '@/app/messages';
import { MENU_LAYOUTS, resetTheme, setTheme, THEME_SWITCHES, useTheme } from '@/app/theme';
import { useMessages } from '@/shared/i18n';

/** The top bar's theme button and its drawer: every change applies at once and is kept in this browser. */
export function ThemeButton() {
  const t = useMessages(appMessages);
  const [open, setOpen] = useState(false);
  const theme = useTheme();
  return (
    <>
      <Button type="text" icon={<SettingOutlined />} aria-label={t('theme')} title={t('theme')} onClick={() => setOpen(true)} data-testid="topbar-theme" />
      <Drawer
        title={t('theme')}
        open={open}
        onClose={() => setOpen(false)}
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
    </>
  );
}
