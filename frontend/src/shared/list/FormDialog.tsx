import { Form, Modal, type FormInstance, type ModalProps } from 'antd';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { listMessages } from './messages';
import { useSave } from './useSave';

/** A dialog kept mounted while closed: each opening shows the record it opens on, or the blanks of a new one. */
interface Opening<V, R> {
  open: boolean;
  record: R | null;
  /** read when the dialog opens; a new function or blank object each render does not reset the form */
  valuesOf: (record: R) => Partial<V>;
  blank: Partial<V>;
}

interface FormDialogOptions<V, S, R> {
  save: (values: V) => Promise<S>;
  /** reloads what the dialog was opened from: after a save (with what it answered), and when the record changed underneath (the request client says so) */
  onSaved: (result?: S) => void;
  onClose: () => void;
  /** what a successful save answered, before the dialog closes */
  onResult?: (result: S) => void;
  /** the success toast; 操作成功 unless the action has its own */
  savedMessage?: string;
  opening?: Opening<V, R>;
}

export interface FormDialogState<V> {
  form: FormInstance<V>;
  /** whether a dialog kept mounted (given an `opening`) shows; the others show while they are rendered */
  open?: boolean;
  submit: (values: V) => void;
  isSaving: boolean;
  /** what the dialog's Modal takes: 确定/取消, submit on OK, close on cancel, busy while saving */
  modalProps: Pick<ModalProps, 'okText' | 'cancelText' | 'confirmLoading' | 'onOk' | 'onCancel'>;
}

/**
 * A dialog that saves a form (useSave): a save or a stale record reloads its source and closes it;
 * the server's field messages go on the form.
 */
export function useFormDialog<V, S = unknown, R = never>({
  save,
  onSaved,
  onClose,
  onResult,
  savedMessage,
  opening,
}: FormDialogOptions<V, S, R>): FormDialogState<V> {
  const common = useMessages(listMessages);
  const [form] = Form.useForm<V>();
  const done = () => {
    onSaved();
    onClose();
  };
  const mutation = useSave({
    form,
    save,
    savedMessage,
    onSaved: (result: S) => {
      onSaved(result);
      onResult?.(result);
      onClose();
    },
    onStale: done,
  });

  // Filled when the dialog opens or its record changes, never on a mere render: an inline `blank: {}` reset
  // the form on each render, so a picked radio (the customer review's 驳回) sprang back at once.
  const { open, record } = opening ?? {};
  const fill = useEffectEvent((shown: R | null | undefined) => {
    if (!opening) return;
    form.resetFields();
    form.setFieldsValue(shown ? opening.valuesOf(shown) : opening.blank);
  });
  useEffect(() => {
    if (open) fill(record);
  }, [open, record]);

  return {
    form,
    open,
    submit: (values: V) => mutation.mutate(values),
    isSaving: mutation.isPending,
    modalProps: { okText: common('confirm'), cancelText: common('cancel'), confirmLoading: mutation.isPending, onOk: () => form.submit(), onCancel: onClose },
  };
}

interface FormDialogProps<V> extends Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'children'> {
  dialog: FormDialogState<V>;
  /** the form's name (prefixes its fields' ids) */
  formName?: string;
  initialValues?: Partial<V>;
  submitTestId?: string;
  children: ReactNode;
}

/**
 * The Modal and vertical Form of a `useFormDialog`; any Modal prop given overrides the defaults. A dialog
 * kept mounted shows while its `opening` is open and drops its fields when closed.
 */
export function FormDialog<V>({ dialog, formName, initialValues, submitTestId, children, ...modal }: FormDialogProps<V>) {
  return (
    <Modal
      open={dialog.open ?? true}
      destroyOnHidden={dialog.open !== undefined}
      {...dialog.modalProps}
      okButtonProps={submitTestId ? { 'data-testid': submitTestId } : undefined}
      {...modal}
    >
      <Form form={dialog.form} name={formName} layout="vertical" initialValues={initialValues} onFinish={dialog.submit}>
        {children}
      </Form>
    </Modal>
  );
}
