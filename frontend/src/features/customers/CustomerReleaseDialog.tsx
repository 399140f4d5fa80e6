import { Alert } from 'antd';
import { RELEASE_REASON_MAX } from '@forwarder/domain';
import { ReasonField } from '@/shared/components/ReasonField';
import { useMessages } from '@/shared/i18n';
import { FormDialog } from '@/shared/list';
import { releaseCustomer, type CustomerDetail, type CustomerRow } from './api';
import { customerMessages } from './messages';
import { useCustomerDialog } from './useCustomerDialog';

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
  // each release starts with an empty reason
  const dialog = useCustomerDialog(customer, {
    save: (values: ReleaseForm, { id, ver }) => releaseCustomer({ id, ver, reason: values.reason.trim() }),
    savedMessage: t('released'),
    onResult: onReleased,
    onClose,
  });

  return (
    <FormDialog
      dialog={dialog}
      width={480}
      title={t('releaseTitle', { name: customer?.companyName ?? '' })}
      okText={t('actionRelease')}
      okButtonProps={{ danger: true, 'data-testid': 'customer-release-submit' }}
      formName="customerRelease"
    >
      <Alert type="warning" showIcon title={t('releaseHint')} style={{ marginBottom: 16 }} />
      <ReasonField
        name="reason"
        label={t('releaseReason')}
        requiredMessage={t('releaseReasonRequired')}
        max={RELEASE_REASON_MAX}
        lengthMessage={t('releaseReasonLength')}
        placeholder={t('releaseReasonPlaceholder')}
        testId="customer-release-reason"
      />
    </FormDialog>
  );
}
