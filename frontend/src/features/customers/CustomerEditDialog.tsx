import { useMessages } from '@/shared/i18n';
import { FormDialog } from '@/shared/list';
import { updateCustomer, type CustomerFields, type CustomerRow } from './api';
import { CustomerFormFields } from './CustomerFormFields';
import { customerMessages } from './messages';
import { useCustomerDialog } from './useCustomerDialog';

const valuesOfCustomer = (customer: CustomerRow): Partial<CustomerFields> => customer;

/** Edits a customer with the `ver` it was read with; saving a rejected customer sends it back to review. */
export function CustomerEditDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const t = useMessages(customerMessages);
  const dialog = useCustomerDialog(customer, {
    save: (values: CustomerFields, { id, ver }) => updateCustomer({ ...values, id, ver }),
    onClose,
    valuesOf: valuesOfCustomer,
  });

  return (
    <FormDialog
      dialog={dialog}
      width={760}
      title={t('editTitle', { code: customer?.code ?? '' })}
      okText={t('submit')}
      submitTestId="customer-edit-submit"
      formName="customerEdit"
    >
      <CustomerFormFields />
    </FormDialog>
  );
}
