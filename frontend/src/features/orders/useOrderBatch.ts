import { useMutation } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { serverFieldErrors } from '@/shared/list';

interface OrderBatchOptions<V, R> {
  /** the dialog's form, where the server's field messages go */
  form: FormInstance;
  send: (values: V) => Promise<R>;
  /** the success toast, from what the server answered and what was sent */
  doneMessage: (result: R, values: V) => string;
  /** reloads the orders the dialog was opened on */
  onDone: () => void;
  onClose: () => void;
}

/**
 * The save of a dialog on a batch of chosen orders (seal, stage move), all or none. A refusal lists the
 * orders the server named and puts its other field messages on the form; a refusal naming no field (a
 * 404: orders vanished meanwhile) means what is on screen is out of date, and reloads it.
 */
export function useOrderBatch<V, R>({ form, send, doneMessage, onDone, onClose }: OrderBatchOptions<V, R>) {
  const { message } = App.useApp();
  const [refusals, setRefusals] = useState<string[]>([]);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result, values) => {
      message.success(doneMessage(result, values));
      onDone();
      onClose();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error) ?? {};
      const { ids, ...others } = fields;
      setRefusals(ids ?? []);
      form.setFields(Object.entries(others).map(([name, errors]) => ({ name, errors })));
      if (!Object.keys(fields).length) onDone();
    },
  });
  return { mutation, refusals };
}
