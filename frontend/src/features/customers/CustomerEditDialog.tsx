import { useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { updateCustomer, useRefreshCustomers, type CustomerFields, type CustomerRow } from './api';
import { CustomerFormFields } from './CustomerFormFields';
import { customerMessages } from './messages';

const valuesOfCustomer = (customer: CustomerRow): Partial<CustomerFields> => customer;

/** Edits a customer with the `ver` it was read with; saving a rejected customer sends it back to review. */
export function CustomerEditDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const t = useMessages(customerMessages);
  const refresh = useRefreshCustomers();
  const dialog = useFormDialog({
    save: (values: CustomerFields) => updateCustomer({ ...values, id: customer!.id, ver: customer!.ver }),
    onSaved: () => void refresh(),
    onClose,
    opening: { open: customer !== null, record: customer, valuesOf: valuesOfCustomer, blank: {} },
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
