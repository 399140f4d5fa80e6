import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@forwarder/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, type FormRule } from 'antd';
import { useMessages } from '@/shared/i18n';
import { changePassword } from './api';
import { accountMessages } from './messages';
import { confirmsNewPassword } from './passwordPolicy';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Every field is required and at least the minimum length, each with its own message. */
function lengthRules(requiredMessage: string, formatMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    { min: PASSWORD_MIN_LENGTH, message: formatMessage },
  ];
}

interface Props {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
  /** The password was set by someone else: the dialog says so and cannot be dismissed, only submitted. */
  required?: boolean;
}

/**
 * Changes the signed-in user's password. The server ends every session of the user on success, so
 * `onChanged` is expected to sign out.
 */
export function ChangePasswordDialog({ open, onClose, onChanged, required = false }: Props) {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const mutation = useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordForm) => changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      message.success(t('passwordChanged'));
      form.resetFields();
      onClose();
      onChanged();
    },
  });

  const close = () => {
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      width={300}
      title={t('passwordTitle')}
      okText={t('submit')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      forceRender
      {...(required ? { closable: false, maskClosable: false, keyboard: false, cancelButtonProps: { style: { display: 'none' } } } : {})}
    >
      {required ? <Alert type="warning" showIcon title={t('passwordChangeRequired')} style={{ marginBottom: 16 }} data-testid="password-required" /> : null}
      <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => mutation.mutate(values)}>
        <Form.Item name="oldPassword" label={t('oldPassword')} rules={lengthRules(t('oldPasswordRequired'), t('oldPasswordFormat'))}>
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('newPassword')} rules={lengthRules(t('newPasswordRequired'), t('newPasswordFormat'))}>
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['newPassword']}
          rules={[...lengthRules(t('confirmPasswordRequired'), t('confirmPasswordFormat')), confirmsNewPassword(t('passwordMismatch'))]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
