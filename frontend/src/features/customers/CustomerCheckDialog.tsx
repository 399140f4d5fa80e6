import { Form, Radio } from 'antd';
import { ReasonField } from '@/shared/components/ReasonField';
import { useMessages } from '@/shared/i18n';
import { FormDialog } from '@/shared/list';
import { checkCustomer, type CustomerRow } from './api';
import { customerMessages } from './messages';
import { useCustomerDialog } from './useCustomerDialog';

interface CheckForm {
  approved: boolean;
  remark?: string;
}

const REMARK_MAX_LENGTH = 500;

/** Approves or rejects a customer awaiting review; a rejection needs the reason the salesman will read. */
export function CustomerCheckDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const t = useMessages(customerMessages);
  // each review starts from "approve" without a remark (the form's initial values)
  const dialog = useCustomerDialog(customer, {
    save: (values: CheckForm, { id, ver }) => checkCustomer({ id, ver, approved: values.approved, remark: values.remark?.trim() || undefined }),
    onClose,
  });
  const approved = Form.useWatch('approved', dialog.form);

  return (
    <FormDialog
      dialog={dialog}
      width={480}
      title={t('checkTitle', { name: customer?.companyName ?? '' })}
      okText={t('submit')}
      submitTestId="customer-check-submit"
      formName="customerCheck"
      initialValues={{ approved: true }}
    >
      <Form.Item name="approved" label={t('checkResult')}>
        <Radio.Group
          options={[
            { value: true, label: <span data-testid="customer-check-approve">{t('approve')}</span> },
            { value: false, label: <span data-testid="customer-check-reject">{t('reject')}</span> },
          ]}
        />
      </Form.Item>
      <ReasonField
        name="remark"
        label={t('checkRemark')}
        dependencies={['approved']}
        required={approved === false}
        requiredMessage={t('checkRemarkRequired')}
        max={REMARK_MAX_LENGTH}
        lengthMessage={t('checkRemarkLength')}
        placeholder={t('checkRemarkPlaceholder')}
        testId="customer-check-remark"
      />
    </FormDialog>
  );
}
