import { Alert } from 'antd';
import { RELEASE_REASON_MAX } from '@forwarder/domain';
import { ReasonField } from '@/shared/components/ReasonField';
import { useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { releaseCustomer, useRefreshCustomers, type CustomerDetail, type CustomerRow } from './api';
import { customerMessages } from './messages';

interface ReleaseForm {
  reason: string;
}

/** Each release starts with an empty reason. */
const NO_REASON = () => ({});

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
  const refresh = useRefreshCustomers();
  const dialog = useFormDialog({
    save: (values: ReleaseForm) => releaseCustomer({ id: customer!.id, ver: customer!.ver, reason: values.reason.trim() }),
    savedMessage: t('released'),
    onSaved: () => void refresh(),
    onResult: onReleased,
    onClose,
    opening: { open: customer !== null, record: customer, valuesOf: NO_REASON, blank: {} },
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
