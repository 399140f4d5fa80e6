import { ROLE_CODE_PATTERN } from '@forwarder/domain';
import { Form, Input } from 'antd';
import { TextField } from '@/shared/components/TextField';
import { useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { SortField } from '../common/SortField';
import { addRole, updateRole, type RoleFields, type RoleRow } from './api';
import { roleMessages } from './messages';

type RoleForm = RoleFields & { code: string };

/** Adds a role (`role` absent) or edits one; the code is fixed once the role exists. */
export function RoleFormDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(roleMessages);
  const dialog = useFormDialog({
    save: ({ code, ...fields }: RoleForm) => (role ? updateRole({ ...fields, id: role.id, ver: role.ver }) : addRole({ ...fields, code })),
    onSaved,
    onClose,
  });
  return (
    <FormDialog
      dialog={dialog}
      title={role ? t('editTitle') : t('addTitle')}
      submitTestId="role-form-submit"
      initialValues={role ? { code: role.code, name: role.name, nameEn: role.nameEn, remark: role.remark, sort: role.sort } : { sort: 0 }}
    >
      <Form.Item
        name="code"
        label={t('code')}
        extra={role ? t('codeFixed') : undefined}
        rules={[
          { required: true, message: t('codeRequired') },
          { pattern: ROLE_CODE_PATTERN, message: t('codeInvalid') },
        ]}
      >
        <Input disabled={!!role} maxLength={50} data-testid="role-form-code" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, message: t('nameRequired') },
          { max: 50, message: t('nameLength') },
        ]}
      >
        <Input data-testid="role-form-name" />
      </Form.Item>
      <TextField name="nameEn" label={t('nameEn')} max={50} lengthMessage={t('nameEnLength')} stopAtMax={false} />
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 200, message: t('remarkLength') }]}>
        <Input.TextArea autoSize={{ minRows: 2 }} />
      </Form.Item>
      <SortField label={t('sort')} invalid={t('sortInvalid')} />
    </FormDialog>
  );
}
