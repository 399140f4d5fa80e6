import { Alert, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { RELEASE_REASON_MAX } from '@forwarder/domain';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { releaseCustomer, useRefreshCustomers, type CustomerDetail, type CustomerRow } from './api';
import { customerMessages } from './messages';

interface ReleaseForm {
  reason: string;
}

/**
 * Releases a customer to the public pool (释放到公海): the reason is required and kept in the customer's
 * history. The server decides who may (the owner, or a holder of customers:all).
 */
export function CustomerReleaseDialog({
  customer,
  onClose,
  onReleased,
}: {
  customer: CustomerRow | null;
  onClose: () => void;
  onReleased?: (released: CustomerDetail) => void;
}) {
  const t = useMessages(customerMessages);
  const [form] = Form.useForm<ReleaseForm>();
  const refresh = useRefreshCustomers();
  const mutation = useSave({
    save: (values: ReleaseForm) => releaseCustomer({ id: customer!.id, ver: customer!.ver, reason: values.reason.trim() }),
    savedMessage: t('released'),
    form,
    onSaved: (released) => {
      void refresh();
      onReleased?.(released);
      onClose();
    },
    onStale: () => {
      void refresh();
      onClose();
    },
  });

  useEffect(() => {
    if (customer) form.resetFields();
  }, [customer, form]);

  return (
    <Modal
      open={customer !== null}
      width={480}
      title={t('releaseTitle', { name: customer?.companyName ?? '' })}
      okText={t('actionRelease')}
      okButtonProps={{ danger: true, 'data-testid': 'customer-release-submit' }}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('releaseHint')} style={{ marginBottom: 16 }} />
      <Form form={form} name="customerRelease" layout="vertical" onFinish={(values) => mutation.mutate(values)}>
        <Form.Item
          name="reason"
          label={t('releaseReason')}
          rules={[
            { required: true, whitespace: true, message: t('releaseReasonRequired') },
            { max: RELEASE_REASON_MAX, message: t('releaseReasonLength') },
          ]}
        >
          <Input.TextArea
            maxLength={RELEASE_REASON_MAX}
            showCount
            autoSize={{ minRows: 3 }}
            placeholder={t('releaseReasonPlaceholder')}
            data-testid="customer-release-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
