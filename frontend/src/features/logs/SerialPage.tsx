import { shanghaiDate } from '@forwarder/domain';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api, type ApiBody, type Schema } from '@/shared/api';
import { FormDialog, listMessages, ListPage, RowAction, SearchText, useFormDialog, usePagedList } from '@/shared/list';
import { localized, sharedText, useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { formatTime } from './format';
import { logMessages } from './messages';
import { formatSerial, nextValue, PATTERN_MAX_LENGTH, patternMessage, PREFIX_RULE, RESET_POLICIES, type ResetPolicy } from '@forwarder/domain';

/** A sequence as `/serial/*` answers it, its reset policy one of those the update takes. */
type Serial = Omit<Schema<'SerialView'>, 'resetPolicy'> & Pick<SerialForm, 'resetPolicy'>;

type SerialForm = Omit<ApiBody<'/serial/update', 'post'>, 'id' | 'ver'>;

/** /log/serial: the sequences that number orders, finance records and customers. */
export function SerialPage() {
  const t = useMessages(logMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const mayEdit = usePermission(['log:serial']);
  const list = usePagedList<Serial, { text?: string }>('/serial/list', {});
  const [editing, setEditing] = useState<Serial | null>(null);
  return (
    <>
      <ListPage<Serial, { text?: string }>
        list={list}
        testId="log-serial"
        exportPath="/serial/list/export"
        searchFields={<SearchText name="text" label={t('text')} max={100} placeholder={t('serialTextHint')} width={200} />}
        columns={[
          { key: 'code', title: t('code'), dataIndex: 'code' },
          { key: 'name', title: t('name'), render: (_, row) => localized(language, row.name, row.nameEn) },
          { key: 'prefix', title: t('prefix'), dataIndex: 'prefix' },
          { key: 'pattern', title: t('pattern'), dataIndex: 'pattern', render: (pattern: string) => <Typography.Text code>{pattern}</Typography.Text> },
          { key: 'resetPolicy', title: t('resetPolicy'), dataIndex: 'resetPolicy', render: (policy: ResetPolicy) => <Tag>{t(`policy_${policy}`)}</Tag> },
          { key: 'currentValue', title: t('currentValue'), dataIndex: 'currentValue', align: 'right' },
          { key: 'currentPeriod', title: t('currentPeriod'), dataIndex: 'currentPeriod' },
          { key: 'nextPreview', title: t('nextPreview'), dataIndex: 'nextPreview', render: (next: string) => <Typography.Text strong>{next}</Typography.Text> },
          { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', render: formatTime },
          ...(mayEdit
            ? [
                {
                  key: 'actions',
                  title: common('actions'),
                  render: (_: unknown, row: Serial) => <RowAction onClick={() => setEditing(row)}>{common('edit')}</RowAction>,
                },
              ]
            : []),
        ]}
      />
      {editing ? <SerialDialog serial={editing} onClose={() => setEditing(null)} onSaved={() => void list.refresh()} /> : null}
    </>
  );
}

function SerialDialog({ serial, onClose, onSaved }: { serial: Serial; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(logMessages);
  const language = useLanguage();
  // Someone saved first (the request client shows the message): close onto their version.
  const dialog = useFormDialog({
    save: (fields: SerialForm) => api.post('/serial/update', { body: { id: serial.id, ver: serial.ver, ...fields, prefix: fields.prefix ?? '' } }),
    onSaved,
    onClose,
  });
  const values = Form.useWatch([], dialog.form) as SerialForm | undefined;

  const patternProblem = (pattern: string, policy: ResetPolicy): string | null => {
    const message = patternMessage(pattern, policy);
    return message && sharedText(message.key, message.params, language);
  };

  const today = shanghaiDate(new Date());
  const preview =
    values?.pattern && values.resetPolicy && !patternProblem(values.pattern, values.resetPolicy) && PREFIX_RULE.test(values.prefix ?? '')
      ? formatSerial(values.pattern, values.prefix ?? '', today, nextValue(serial, values.resetPolicy, today))
      : null;

  return (
    <FormDialog
      dialog={dialog}
      title={`${t('editSerial')} · ${serial.code}`}
      okText={t('save')}
      cancelText={t('cancel')}
      initialValues={{ prefix: serial.prefix, pattern: serial.pattern, resetPolicy: serial.resetPolicy }}
    >
      <Form.Item name="prefix" label={t('prefix')} rules={[{ pattern: PREFIX_RULE, message: t('prefixInvalid') }]}>
        <Input maxLength={20} data-testid="serial-prefix" />
      </Form.Item>
      <Form.Item name="resetPolicy" label={t('resetPolicy')} rules={[{ required: true, message: t('resetPolicyRequired') }]}>
        <Select options={RESET_POLICIES.map((value) => ({ value, label: t(`policy_${value}`) }))} data-testid="serial-reset-policy" />
      </Form.Item>
      <Form.Item
        name="pattern"
        label={t('pattern')}
        extra={t('patternHint')}
        dependencies={['resetPolicy']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, pattern: string | undefined) => {
              const problem = patternProblem(pattern ?? '', getFieldValue('resetPolicy') ?? 'never');
              if (problem) throw new Error(problem);
            },
          }),
        ]}
      >
        <Input maxLength={PATTERN_MAX_LENGTH} data-testid="serial-pattern" />
      </Form.Item>
      {preview ? <Typography.Text type="secondary">{t('preview', { number: preview })}</Typography.Text> : null}
    </FormDialog>
  );
}
