import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { updateCustomer, useRefreshCustomers, type CustomerFields, type CustomerRow } from './api';
import { CustomerFormFields } from './CustomerFormFields';
import { customerMessages } from './messages';

/** Edits a customer with the `ver` it was read with; saving a rejected customer sends it back to review. */
export function CustomerEditDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const t = useMessages(customerMessages);
  const [form] = Form.useForm<CustomerFields>();
  const refresh = useRefreshCustomers();
  const done = () => {
    void refresh();
    onClose();
  };
  const mutation = useSave({
    save: (values: CustomerFields) => updateCustomer({ ...values, id: customer!.id, ver: customer!.ver }),
    form,
    onSaved: done,
    onStale: done,
  });

  useEffect(() => {
    if (!customer) return;
    form.resetFields();
    form.setFieldsValue(customer);
  }, [customer, form]);

  return (
    <Modal
      open={customer !== null}
      width={760}
      title={t('editTitle', { code: customer?.code ?? '' })}
      okText={t('submit')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'customer-edit-submit' }}
      destroyOnHidden
    >
      <Form form={form} name="customerEdit" layout="vertical" onFinish={(values) => mutation.mutate(values)}>
        <CustomerFormFields />
      </Form>
    </Modal>
  );
}
