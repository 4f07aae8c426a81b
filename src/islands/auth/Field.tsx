/** A labelled form field with its message beside it: tied by aria-describedby, marked invalid, and announced as it appears (SPEC §5). */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | null;
  /** A control beside the input, e.g. the SMS code button or the captcha picture. */
  aside?: ReactNode;
}

export default function Field({ label, name, error, aside, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`auth-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="auth-control">
        <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
        {aside}
      </div>
      <p className="auth-error" id={errorId} role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
