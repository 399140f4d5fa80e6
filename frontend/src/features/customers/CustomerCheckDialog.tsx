import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { checkCustomer, useRefreshCustomers, type CustomerRow } from './api';
import { customerMessages } from './messages';

interface CheckForm {
  approved: boolean;
  remark?: string;
}

const REMARK_MAX_LENGTH = 500;

/** Approves or rejects a customer awaiting review; a rejection needs the reason the salesman will read. */
export function CustomerCheckDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const t = useMessages(customerMessages);
  const [form] = Form.useForm<CheckForm>();
  const approved = Form.useWatch('approved', form);
  const refresh = useRefreshCustomers();
  const done = () => {
    void refresh();
    onClose();
  };
  const mutation = useSave({
    save: (values: CheckForm) => checkCustomer({ id: customer!.id, ver: customer!.ver, approved: values.approved, remark: values.remark?.trim() || undefined }),
    form,
    onSaved: done,
    onStale: done,
  });

  // each review starts from "approve" without a remark
  useEffect(() => {
    if (customer) form.resetFields();
  }, [customer, form]);

  return (
    <Modal
      open={customer !== null}
      width={480}
      title={t('checkTitle', { name: customer?.companyName ?? '' })}
      okText={t('submit')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'customer-check-submit' }}
      destroyOnHidden
    >
      <Form form={form} name="customerCheck" layout="vertical" initialValues={{ approved: true }} onFinish={(values) => mutation.mutate(values)}>
        <Form.Item name="approved" label={t('checkResult')}>
          <Radio.Group
            options={[
              { value: true, label: <span data-testid="customer-check-approve">{t('approve')}</span> },
              { value: false, label: <span data-testid="customer-check-reject">{t('reject')}</span> },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('checkRemark')}
          dependencies={['approved']}
          rules={[
            { required: approved === false, whitespace: true, message: t('checkRemarkRequired') },
            { max: REMARK_MAX_LENGTH, message: t('checkRemarkLength') },
          ]}
        >
          <Input.TextArea
            maxLength={REMARK_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 3 }}
            placeholder={t('checkRemarkPlaceholder')}
            data-testid="customer-check-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
