import { AutoComplete, Form, InputNumber, Switch, Tag } from 'antd';
import { TextFields } from '@/shared/components/TextField';
import { FormDialog, useFormDialog } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { sortRule } from '@/shared/components/sortRule';
import { dictApi, type DictItem, type DictItemFields, type DictType } from './api';
import { DICT_STYLE_PRESETS, DICT_STYLE_RULE } from './dictStyle';
import { dictPageMessages } from './messages';

const FIELDS = [
  { name: 'dictName', label: 'itemLabel', max: 100, length: 'nameLength', required: 'itemLabelRequired', testId: 'dict-item-label' },
  { name: 'dictNameEn', label: 'itemLabelEn', max: 100, length: 'nameLength' },
  { name: 'value', max: 225, length: 'valueLength', required: 'valueRequired', testId: 'dict-item-value' },
  { name: 'classify', max: 50, length: 'classifyLength' },
] as const;
/** An item's value may be in use: editing it says so. */
const EDITED_FIELDS = FIELDS.map((field) => (field.name === 'value' ? { ...field, extra: 'valueInUseHint' as const } : field));

/** Adds a value to the dictionary `type`, or edits one (`item`). */
export function DictItemDialog({ type, item, onClose, onSaved }: { type: DictType; item?: DictItem; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(dictPageMessages);
  const dialog = useFormDialog({
    save: (fields: DictItemFields) => (item ? dictApi.updateItem(item, fields) : dictApi.addItem(type.dictCode, fields)),
    onSaved,
    onClose,
  });
  const label = Form.useWatch('dictName', dialog.form);
  const style = Form.useWatch('style', dialog.form);
  return (
    <FormDialog<DictItemFields>
      dialog={{ ...dialog, submit: (fields) => dialog.submit({ ...fields, style: fields.style?.trim() || null }) }}
      title={`${item ? t('editItem') : t('addItem')} · ${type.dictName}`}
      initialValues={item ?? { sort: 0, enabled: true, classify: type.classify }}
    >
      <TextFields fields={item ? EDITED_FIELDS : FIELDS} t={t} />
      <Form.Item name="sort" label={t('sort')} rules={[{ required: true, message: t('sortInvalid') }, sortRule(t('sortInvalid'))]}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item label={t('style')} extra={style && DICT_STYLE_RULE.test(style) ? <Tag color={style}>{label || t('preview')}</Tag> : undefined}>
        <Form.Item name="style" noStyle rules={[{ pattern: DICT_STYLE_RULE, message: t('styleInvalid') }]}>
          <AutoComplete
            allowClear
            placeholder={t('stylePlaceholder')}
            options={DICT_STYLE_PRESETS.map((preset) => ({ value: preset, label: <Tag color={preset}>{preset}</Tag> }))}
            showSearch={{ filterOption: (typed, option) => String(option?.value ?? '').includes(typed) }}
          />
        </Form.Item>
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
