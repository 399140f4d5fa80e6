import { useMutation } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useMessages } from '@/shared/i18n';
import { listMessages } from './messages';
import { RequestError } from '@/shared/request';

/**
 * The field messages of a refused save (400), by field name. The request client has already shown
 * them together in a toast; a form also shows each under its field.
 */
export function serverFieldErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof RequestError) || error.status !== 400 || !error.fieldErrors) return null;
  const entries = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  return entries.length ? Object.fromEntries(entries) : null;
}

/** A stale `ver` (409) or a record someone deleted meanwhile (404): what is on screen is out of date. */
export function isStale(error: unknown): boolean {
  return error instanceof RequestError && (error.status === 409 || error.status === 404);
}

interface SaveOptions<V, R> {
  save: (values: V) => Promise<R>;
  /** the success toast; 操作成功 unless the action has its own */
  savedMessage?: string;
  /** the form whose fields show the server's field messages */
  form?: FormInstance;
  onSaved?: (result: R, values: V) => void;
  /** reload what is shown: the server's message (already shown) says it changed underneath */
  onStale?: () => void;
}

/**
 * Every write of a screen: 操作成功 on success; a stale or vanished record reloads;
 * field messages go on the form's fields. The request client has already shown the error itself.
 */
export function useSave<V, R>({ save, savedMessage, form, onSaved, onStale }: SaveOptions<V, R>) {
  const { message } = App.useApp();
  const t = useMessages(listMessages);
  return useMutation({
    mutationFn: save,
    onSuccess: (result, values) => {
      message.success(savedMessage ?? t('saved'));
      onSaved?.(result, values);
    },
    onError: (error) => {
      if (isStale(error)) {
        onStale?.();
        return;
      }
      const fields = form ? serverFieldErrors(error) : null;
      if (form && fields) form.setFields(Object.entries(fields).map(([name, errors]) => ({ name, errors })));
    },
  });
}
