import { AutoComplete, Form, Input, InputNumber, Modal, Switch, Tag } from 'antd';
import { listMessages } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { sortRule } from '../common/rules';
import { useSave } from '@/shared/list';
import { dictApi, type DictItem, type DictItemFields, type DictType } from './api';
import { DICT_STYLE_PRESETS, DICT_STYLE_RULE } from './dictStyle';
import { dictPageMessages } from './messages';

const VALUE_MAX_LENGTH = 225;

/** Adds a value to the dictionary `type`, or edits one (`item`). */
export function DictItemDialog({ type, item, onClose, onSaved }: { type: DictType; item?: DictItem; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(dictPageMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<DictItemFields>();
  const label = Form.useWatch('dictName', form);
  const style = Form.useWatch('style', form);
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useSave({
    save: (fields: DictItemFields) => (item ? dictApi.updateItem(item, fields) : dictApi.addItem(type.dictCode, fields)),
    form,
    onSaved: done,
    onStale: done,
  });
  return (
    <Modal
      open
      title={`${item ? t('editItem') : t('addItem')} · ${type.dictName}`}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<DictItemFields>
        form={form}
        layout="vertical"
        initialValues={item ?? { sort: 0, enabled: true, classify: type.classify }}
        onFinish={(fields) => save.mutate({ ...fields, style: fields.style?.trim() || null })}
      >
        <Form.Item
          name="dictName"
          label={t('itemLabel')}
          rules={[
            { required: true, whitespace: true, message: t('itemLabelRequired') },
            { max: 100, message: t('nameLength') },
          ]}
        >
          <Input maxLength={100} data-testid="dict-item-label" />
        </Form.Item>
        <Form.Item name="dictNameEn" label={t('itemLabelEn')} rules={[{ max: 100, message: t('nameLength') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('value')}
          extra={item ? t('valueInUseHint') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('valueRequired') },
            { max: VALUE_MAX_LENGTH, message: t('valueLength') },
          ]}
        >
          <Input maxLength={VALUE_MAX_LENGTH} data-testid="dict-item-value" />
        </Form.Item>
        <Form.Item name="classify" label={t('classify')} rules={[{ max: 50, message: t('classifyLength') }]}>
          <Input maxLength={50} />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}
