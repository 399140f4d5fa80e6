import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@forwarder/domain';
import { Form, Input } from 'antd';
import { confirmsNewPassword } from '@/features/account';
import { useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { resetStaffPassword, type StaffRow } from './api';
import { staffMessages } from './messages';

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/** Sets a password the administrator chose; the colleague is signed out everywhere and must use it. */
export function ResetPasswordDialog({ staff, onClose }: { staff: StaffRow; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const dialog = useFormDialog({
    save: ({ newPassword }: ResetForm) => resetStaffPassword({ id: staff.id, newPassword }),
    savedMessage: t('passwordReset'),
    onSaved: () => undefined,
    onClose,
  });
  const lengthRules = (required: string) => [
    { required: true, message: required },
    { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('newPasswordFormat') },
  ];
  return (
    <FormDialog dialog={dialog} width={360} title={t('resetPasswordTitle', { name: staff.fullName })}>
      <Form.Item name="newPassword" label={t('newPassword')} rules={lengthRules(t('newPasswordRequired'))}>
        <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('confirmPassword')}
        dependencies={['newPassword']}
        rules={[...lengthRules(t('confirmPasswordRequired')), confirmsNewPassword(t('passwordMismatch'))]}
      >
        <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
