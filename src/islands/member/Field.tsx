/** A labelled form field with its Chinese message beside it (aria-invalid, aria-describedby), for the member centre's uncontrolled forms. */
import { useId, type ReactNode } from 'react';

interface Props {
  label: string;
  name: string;
  error?: string;
  required?: boolean;
  hint?: string;
  /** The control; receives id, name and the aria wiring. */
  children: (a: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

export default function Field({ label, name, error, required = false, hint, children }: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="m-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="m-req" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, name, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {hint && (
        <p className="m-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="m-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
