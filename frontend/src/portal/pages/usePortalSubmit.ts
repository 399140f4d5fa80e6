import { useRef, useState, type FormEvent } from 'react';
import { useMessages, type Translate } from '@/shared/i18n';
import { PortalError } from '../api/request';
import { portalMessages, type PortalMessageKey } from '../messages';
import { hasErrors, type FieldMessages } from './validation';

interface PortalSubmitOptions<F extends string, R> {
  /** the form's fields as it opens (and after `reset`) */
  initial: Record<F, string>;
  /** the checks before sending: a message by field, none when the form may be sent */
  check: (values: Record<F, string>, t: Translate<PortalMessageKey>) => FieldMessages<F>;
  /** the call */
  send: (values: Record<F, string>) => Promise<R>;
  /** what follows an accepted call: start the session, navigate, show what was booked */
  done: (result: R) => unknown;
  /** the values after an edit of `field`, where one field's edit changes others (a line's ports); may run twice */
  edited?: (values: Record<F, string>, field: F) => Record<F, string>;
}

/**
 * The portal's forms (sign-in, binding, pre-alert) in one flow: check → sending → call → `done`, or the
 * failure shown: the server's field messages under the fields the form has, any other refusal (or one that
 * names no field of the form) as the form's notice. A second submit while one is on its way is ignored.
 */
export function usePortalSubmit<F extends string, R>({ initial, check, send, done, edited }: PortalSubmitOptions<F, R>) {
  const t = useMessages(portalMessages);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // the state's `sending` is the previous render's: two taps in one frame both see false
  const inFlight = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = check(values, t);
    setErrors(found);
    if (hasErrors(found)) return;
    inFlight.current = true;
    setSending(true);
    setFailure(null);
    try {
      await done(await send(values));
    } catch (error) {
      const { onFields, allShown } = fieldMessages(error, Object.keys(values) as F[]);
      setErrors(onFields);
      if (!allShown) setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  /** What a field's input takes: its name, value, message and edit. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => {
        const next = { ...current, [name]: value };
        return edited ? edited(next, name) : next;
      });
    },
  });

  return { values, errors, failure, sending, field, reset: () => setValues(initial), submit: (event: FormEvent) => void submit(event) };
}

/**
 * The first message of each of the form's fields that a refused call (400) names, and whether that shows
 * every message the call had (none left for the notice).
 */
function fieldMessages<F extends string>(error: unknown, fields: readonly F[]): { onFields: FieldMessages<F>; allShown: boolean } {
  const named = error instanceof PortalError && error.fieldErrors ? Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0) : [];
  const onFields: FieldMessages<F> = {};
  for (const [name, messages] of named) if ((fields as readonly string[]).includes(name)) onFields[name as F] = messages[0];
  return { onFields, allShown: named.length > 0 && Object.keys(onFields).length === named.length };
}
