import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import { useNavigate } from 'react-router';

/**
 * The portal's few building blocks, drawn by portal.css: a phone screen needs a title bar, cards, fields
 * and buttons, not a component library (the first screen stays under its budget, e2e/bundle-budget.e2e.ts).
 */

export function NavBar({ title, back }: { title: string; back?: string }) {
  const navigate = useNavigate();
  return (
    <header className="pt-nav">
      {back && (
        <button type="button" className="pt-nav-back" aria-label={back} onClick={() => void navigate(-1)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
      )}
      <h1>{title}</h1>
    </header>
  );
}

export function Card({ title, children, extra }: { title?: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="pt-card">
      {title && (
        <div className="pt-card-head">
          <h2>{title}</h2>
          {extra}
        </div>
      )}
      {children}
    </section>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'plain' | 'danger'; block?: boolean };

export function Button({ kind = 'primary', block, className, ...props }: ButtonProps) {
  return <button type="button" {...props} className={['pt-btn', `pt-btn-${kind}`, block ? 'pt-btn-block' : '', className ?? ''].join(' ').trim()} />;
}

interface FieldShell {
  label: string;
  error?: string | null;
  hint?: string;
}

function Field({ label, error, hint, id, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'pt-field pt-field-error' : 'pt-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="pt-field-message" role="alert" id={`${id}-message`}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="pt-field-hint" id={`${id}-message`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function TextInput({ label, error, hint, ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? `${id}-message` : undefined} {...input} />
    </Field>
  );
}

export function SelectInput({
  label,
  error,
  hint,
  options,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={error ? true : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A message across the top of a screen: why the session ended, a failure, a success. */
export function Notice({ kind, children }: { kind: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`pt-notice pt-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="pt-empty">{children}</p>;
}

export function Loading({ text }: { text: string }) {
  return (
    <div className="pt-loading" role="status">
      <span className="pt-spinner" aria-hidden="true" />
      {text}
    </div>
  );
}
