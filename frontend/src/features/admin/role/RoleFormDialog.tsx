import { ROLE_CODE_PATTERN } from '@forwarder/domain';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useMessages } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { sortRule, SORT_MAX } from '../common/rules';
import { useSave } from '@/shared/list';
import { addRole, updateRole, type RoleFields, type RoleRow } from './api';
import { roleMessages } from './messages';

type RoleForm = RoleFields & { code: string };

/** Adds a role (`role` absent) or edits one; the code is fixed once the role exists. */
export function RoleFormDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(roleMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<RoleForm>();
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useSave({
    form,
    save: ({ code, ...fields }: RoleForm) => (role ? updateRole({ ...fields, id: role.id, ver: role.ver }) : addRole({ ...fields, code })),
    onSaved: done,
    onStale: done,
  });
  return (
    <Modal
      open
      title={role ? t('editTitle') : t('addTitle')}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'role-form-submit' }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={role ? { code: role.code, name: role.name, nameEn: role.nameEn, remark: role.remark, sort: role.sort } : { sort: 0 }}
        onFinish={(values) => save.mutate(values)}
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
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 50, message: t('nameEnLength') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 200, message: t('remarkLength') }]}>
          <Input.TextArea autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')} rules={[sortRule(t('sortInvalid'))]}>
          <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
