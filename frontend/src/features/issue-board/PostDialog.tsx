import { ISSUE_TEXT_MAX_LENGTH } from '@forwarder/domain';
import { Button, Form, Input, Modal, Spin, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { issueBoardMessages } from './messages';

/** The 400 px dialog of the issue and reply forms: its fields and one 提交 button. */
export function PostDialog<V extends object>({
  open,
  title,
  form,
  name,
  loading,
  saving,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  /** prefixes the ids of the form's fields */
  name: string;
  /** the record being edited is still loading */
  loading: boolean;
  saving: boolean;
  onSubmit: (values: V) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useMessages(issueBoardMessages);
  return (
    <Modal
      open={open}
      width={400}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" loading={saving} disabled={loading} onClick={() => form.submit()} data-testid={`${name}-submit`}>
          {t('submit')}
        </Button>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} name={name} layout="vertical" onFinish={onSubmit} data-testid={name}>
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}

/** The text of an issue or a reply (`detail`): required, at most the board's length, checked when the box is left. */
export function PostText({
  label,
  requiredMessage,
  lengthMessage,
  placeholder,
  rows,
  testId,
}: {
  label: string;
  requiredMessage: string;
  lengthMessage: string;
  placeholder: string;
  rows?: number;
  testId: string;
}) {
  return (
    <Form.Item
      name="detail"
      label={label}
      validateTrigger="onBlur"
      rules={[
        { required: true, whitespace: true, message: requiredMessage },
        { max: ISSUE_TEXT_MAX_LENGTH, message: lengthMessage },
      ]}
    >
      <Input.TextArea
        rows={rows}
        autoSize={{ minRows: 5, maxRows: 12 }}
        maxLength={ISSUE_TEXT_MAX_LENGTH}
        showCount
        placeholder={placeholder}
        data-testid={testId}
      />
    </Form.Item>
  );
}
