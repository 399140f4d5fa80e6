import { DICT_CODE_PATTERN } from '@forwarder/domain';
import { Form, Input } from 'antd';
import { TextFields } from '@/shared/components/TextField';
import { FormDialog, useFormDialog } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { dictApi, type DictType, type DictTypeFields } from './api';
import { dictPageMessages } from './messages';

const NAMES = [
  { name: 'dictName', max: 100, length: 'nameLength', required: 'dictTypeNameRequired', testId: 'dict-type-name' },
  { name: 'dictNameEn', max: 100, length: 'nameLength' },
  { name: 'classify', max: 50, length: 'classifyLength' },
] as const;

/** Adds a dictionary, or edits one (`type`); the code is fixed once created. */
export function DictTypeDialog({ type, onClose, onSaved }: { type?: DictType; onClose: () => void; onSaved: (saved?: DictType) => void }) {
  const t = useMessages(dictPageMessages);
  const dialog = useFormDialog({
    save: (fields: DictTypeFields) => (type ? dictApi.updateType(type, fields) : dictApi.addType(fields)),
    // the saved dictionary, or nothing when someone else changed or deleted it meanwhile: show what is stored now
    onSaved,
    onClose,
  });
  return (
    <FormDialog<DictTypeFields> dialog={dialog} title={type ? t('editType') : t('addType')} initialValues={type}>
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
      <TextFields fields={NAMES} t={t} />
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 200, message: t('remarkLength') }]}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </FormDialog>
  );
}
