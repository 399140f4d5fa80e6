import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { formatTime } from '@/features/logs';
import { listMessages } from '@/shared/list';
import { localized, useLanguage, useMessages, type Language, type Translate } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { BackupPanel } from './BackupPanel';
import { deployMessages } from './messages';
import { checkInput, fromInput, isChanged, listItems, toInput, type Setting, type SettingInput } from './settingValue';
import { api } from '@/shared/api';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

const LIST = ['/deploy/list'] as const;
const KNOWN_GROUPS = ['site', 'security', 'upload', 'import', 'log', 'backup', 'customer', 'finance', 'mail'] as const;
type KnownGroup = (typeof KNOWN_GROUPS)[number];
const isKnownGroup = (group: string): group is KnownGroup => (KNOWN_GROUPS as readonly string[]).includes(group);

/** /base/deploy: the system parameters by group, each saved on its own; the backup group also shows the backups taken. */
export function DeployPage() {
  const t = useMessages(deployMessages);
  const settings = useQuery({ queryKey: LIST, queryFn: () => api.post('/deploy/list') });
  const groups = [...new Set((settings.data ?? []).map((setting) => setting.group))];
  if (!settings.data) return <Spin spinning={settings.isFetching} />;
  return (
    <Card size="small" data-testid="deploy-page">
      <Tabs
        items={groups.map((group) => ({
          key: group,
          label: isKnownGroup(group) ? t(`group_${group}`) : group,
          children: (
            <Flex vertical gap={12}>
              {settings.data
                .filter((setting) => setting.group === group)
                .map((setting) => (
                  // A new ver (saved, reset, reloaded) starts the row again from the stored value.
                  <SettingRow key={`${setting.key}:${setting.ver}`} setting={setting} />
                ))}
              {group === 'backup' ? <BackupPanel /> : null}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}

/** A choice's name in the language shown (the value itself when the list has no such choice). */
const choiceName = (setting: Setting, value: string, language: Language) => {
  const choice = setting.choices?.find((one) => one.value === value);
  return choice ? localized(language, choice.label, choice.labelEn) : value;
};

/** A value as the default line shows it. */
function describeValue(setting: Setting, value: unknown, t: Translate<'yes' | 'no' | 'defaultEmpty'>, language: Language): string {
  if (setting.type === 'boolean') return value ? t('yes') : t('no');
  if (Array.isArray(value)) return value.length ? value.map((item) => choiceName(setting, String(item), language)).join(', ') : t('defaultEmpty');
  return value === '' || value == null ? t('defaultEmpty') : String(value);
}

function SettingRow({ setting }: { setting: Setting }) {
  const t = useMessages(deployMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const client = useQueryClient();
  const mayModify = usePermission(['deploy:modify']);
  const [form] = Form.useForm<{ value: SettingInput }>();
  const input = Form.useWatch('value', form) as SettingInput | undefined;
  const label = localized(language, setting.label, setting.labelEn);

  const showStored = (saved: Setting) => client.setQueryData<Setting[]>(LIST, (all) => all?.map((one) => (one.key === saved.key ? saved : one)));
  // Someone changed it meanwhile (the request client says so): show what is stored now.
  const reload = () => void client.invalidateQueries({ queryKey: LIST });
  const save = useSave({
    save: (value: SettingInput) => api.post('/deploy/update', { body: { key: setting.key, value: fromInput(setting.type, value), ver: setting.ver } }),
    form,
    onSaved: showStored,
    onStale: reload,
  });
  const reset = useSave({
    save: () => api.post('/deploy/reset/{key}', { path: { key: setting.key } }),
    savedMessage: t('resetDone'),
    onSaved: showStored,
    onStale: reload,
  });

  const changed = input !== undefined && isChanged(setting, input);
  return (
    <Card size="small" data-testid={`setting-${setting.key}`}>
      <Form form={form} layout="vertical" initialValues={{ value: toInput(setting.type, setting.value) }} onFinish={({ value }) => save.mutate(value)}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
          <Space wrap>
            <Typography.Text strong>{label}</Typography.Text>
            <Typography.Text type="secondary" code>
              {setting.key}
            </Typography.Text>
            {setting.stored ? <Tag color="blue">{t('customised')}</Tag> : <Tag>{t('onDefault')}</Tag>}
          </Space>
          <Typography.Text type="secondary">
            {t('defaultValue', { value: describeValue(setting, setting.default, t, language) })}
            {setting.updatedAt ? ` · ${t('updatedAt', { time: formatTime(setting.updatedAt) })}` : ''}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="flex-start" wrap>
          <Form.Item
            name="value"
            valuePropName={setting.type === 'boolean' ? 'checked' : 'value'}
            extra={setting.type === 'stringList' ? (setting.choices ? t('choicesHint') : t('listHint')) : undefined}
            rules={[
              {
                validator: async (_, value: SettingInput) => {
                  const problem = checkInput(setting.type, value ?? null);
                  if (problem) throw new Error(t(problem));
                },
              },
            ]}
            style={{ flex: setting.type === 'boolean' || setting.type === 'number' ? undefined : 1, minWidth: 240, marginBottom: 0 }}
          >
            {setting.type === 'number' ? (
              <InputNumber min={0} disabled={!mayModify} style={{ width: 200 }} />
            ) : setting.type === 'boolean' ? (
              <Switch disabled={!mayModify} />
            ) : setting.type === 'stringList' && setting.choices ? (
              <ChoiceList setting={setting} disabled={!mayModify} />
            ) : setting.type === 'stringList' ? (
              <Input.TextArea disabled={!mayModify} autoSize={{ minRows: 3, maxRows: 12 }} />
            ) : (
              <Input disabled={!mayModify} maxLength={500} />
            )}
          </Form.Item>
          {mayModify ? (
            <Space>
              <Button type="primary" htmlType="submit" disabled={!changed} loading={save.isPending} data-testid={`setting-save-${setting.key}`}>
                {t('save')}
              </Button>
              {setting.stored ? (
                <Popconfirm
                  title={t('resetConfirm', { label })}
                  okText={common('confirm')}
                  cancelText={common('cancel')}
                  onConfirm={awaitedByAntd(() => reset.mutateAsync(undefined).catch(() => undefined))}
                >
                  <Button loading={reset.isPending}>{t('reset')}</Button>
                </Popconfirm>
              ) : null}
            </Space>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}

/** A list of fixed choices (the milestones that send an e-mail): picked, kept in the form as the list's lines. */
function ChoiceList({ setting, disabled, value, onChange }: { setting: Setting; disabled: boolean; value?: SettingInput; onChange?: (value: string) => void }) {
  const language = useLanguage();
  return (
    <Select
      mode="multiple"
      disabled={disabled}
      data-testid={`setting-choices-${setting.key}`}
      value={listItems(typeof value === 'string' ? value : '')}
      onChange={(picked: string[]) => onChange?.(picked.join('\n'))}
      options={(setting.choices ?? []).map((choice) => ({ value: choice.value, label: choiceName(setting, choice.value, language) }))}
    />
  );
}
