import { Form, Input, Modal } from 'antd';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/features/account';
import { useMessages } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { useSave } from '@/shared/list';
import { resetStaffPassword, type StaffRow } from './api';
import { staffMessages } from './messages';

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/** Sets a password the administrator chose; the colleague is signed out everywhere and must use it. */
export function ResetPasswordDialog({ staff, onClose }: { staff: StaffRow; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<ResetForm>();
  const save = useSave({
    form,
    save: ({ newPassword }: ResetForm) => resetStaffPassword({ id: staff.id, newPassword }),
    savedMessage: t('passwordReset'),
    onSaved: onClose,
    onStale: onClose,
  });
  const lengthRules = (required: string) => [
    { required: true, message: required },
    { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('newPasswordFormat') },
  ];
  return (
    <Modal
      open
      width={360}
      title={t('resetPasswordTitle', { name: staff.fullName })}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item name="newPassword" label={t('newPassword')} rules={lengthRules(t('newPasswordRequired'))}>
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            ...lengthRules(t('confirmPasswordRequired')),
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
