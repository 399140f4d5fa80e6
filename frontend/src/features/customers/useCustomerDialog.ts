import { useFormDialog } from '@/shared/list';
import { useRefreshCustomers, type CustomerRow } from './api';

/** A form that starts empty each time it opens. */
const EMPTY = () => ({});

interface CustomerDialogOptions<V, S> {
  /** what the form sends for `customer`, with the `ver` it was read with */
  save: (values: V, customer: CustomerRow) => Promise<S>;
  onClose: () => void;
  /** the form's values on opening (module-level); empty unless given */
  valuesOf?: (customer: CustomerRow) => Partial<V>;
  savedMessage?: string;
  onResult?: (result: S) => void;
}

/** A dialog of the customer list, open while it has a `customer`: a save, or a stale customer, reloads the list. */
export function useCustomerDialog<V, S>(
  customer: CustomerRow | null,
  { save, onClose, valuesOf = EMPTY, savedMessage, onResult }: CustomerDialogOptions<V, S>,
) {
  const refresh = useRefreshCustomers();
  return useFormDialog({
    save: (values: V) => save(values, customer!),
    savedMessage,
    onSaved: () => void refresh(),
    onResult,
    onClose,
    opening: { open: customer !== null, record: customer, valuesOf, blank: {} },
  });
}
