import { DICT_CODE_PATTERN } from '@forwarder/domain';
import { Form, Input, Modal } from 'antd';
import { TextField } from '@/shared/components/TextField';
import { listMessages } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { dictApi, type DictType, type DictTypeFields } from './api';
import { dictPageMessages } from './messages';

/** Adds a dictionary, or edits one (`type`); the code is fixed once created. */
export function DictTypeDialog({ type, onClose, onSaved }: { type?: DictType; onClose: () => void; onSaved: (saved?: DictType) => void }) {
  const t = useMessages(dictPageMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<DictTypeFields>();
  const save = useSave({
    save: (fields: DictTypeFields) => (type ? dictApi.updateType(type, fields) : dictApi.addType(fields)),
    form,
    onSaved: (saved) => {
      onSaved(saved);
      onClose();
    },
    // Someone else changed or deleted it meanwhile: show what is stored now.
    onStale: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={type ? t('editType') : t('addType')}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<DictTypeFields> form={form} layout="vertical" initialValues={type} onFinish={(fields) => save.mutate(fields)}>
        <Form.Item
          name="dictCode"
          label={t('dictCode')}
          rules={[
            { required: true, message: t('dictCodeRequired') },
            { pattern: DICT_CODE_PATTERN, message: t('dictCodeFormat') },
          ]}
          extra={type ? t('dictCodeFixed') : undefined}
        >
          <Input maxLength={50} disabled={!!type} data-testid="dict-type-code" />
        </Form.Item>
        <TextField
          name="dictName"
          label={t('dictName')}
          max={100}
          lengthMessage={t('nameLength')}
          requiredMessage={t('dictTypeNameRequired')}
          testId="dict-type-name"
        />
        <TextField name="dictNameEn" label={t('dictNameEn')} max={100} lengthMessage={t('nameLength')} />
        <TextField name="classify" label={t('classify')} max={50} lengthMessage={t('classifyLength')} />
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 200, message: t('remarkLength') }]}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
