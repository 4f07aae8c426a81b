/**
 * The one labelled form field of the islands: a label tied to its control, the Chinese message beside it (aria-invalid,
 * aria-describedby), an optional hint and a control beside the input (the SMS code button, the captcha picture).
 *
 * Two looks share it: `member` (the member centre's and the quote forms: a message appears under the field when there is one)
 * and `dialog` (the account dialogs: the message line is always there and is announced as it changes, so a screen reader in the
 * modal hears it without moving focus).
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What the control receives: its id and name, and the aria wiring to the message. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby'?: string;
}

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: string;
  name: string;
  error?: string | null;
  /** Marks the label with a red star (the member centre's required fields). */
  required?: boolean;
  hint?: string;
  /** A caution under the field that does not block saving (a tax number whose check character does not match). */
  warning?: string | null;
  /** A control beside the input, e.g. the SMS code button or the captcha picture. */
  aside?: ReactNode;
  look?: 'member' | 'dialog';
  /** The control; without it, an <input> with the remaining props. */
  children?: (control: ControlProps) => ReactNode;
}

const LOOKS = {
  member: { field: 'm-field', error: 'm-error', hint: 'm-hint' },
  dialog: { field: 'auth-field', error: 'auth-error', hint: 'auth-hint' },
} as const;

export default function Field({ label, name, error, required = false, hint, warning, aside, look = 'member', children, ...input }: Props) {
  const id = useId();
  const css = LOOKS[look];
  const dialog = look === 'dialog';
  const described = [hint && `${id}-hint`, warning && `${id}-warning`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id,
    name,
    'aria-invalid': dialog ? (error ? true : undefined) : Boolean(error),
    'aria-describedby': described,
  };
  // The member look kept `required` for its star only; the dialog look passes it on to the input like any other attribute.
  const body = children ? children(control) : <input {...control} {...input} required={dialog ? required : undefined} />;
  return (
    <div className={dialog ? `${css.field}${error ? ' has-error' : ''}` : css.field}>
      <label htmlFor={id}>
        {label}
        {required && !dialog && (
          <span className="m-req" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {dialog ? (
        <div className="auth-control">
          {body}
          {aside}
        </div>
      ) : aside ? (
        <div className="u-display-flex u-gap-8px">
          {body}
          {aside}
        </div>
      ) : (
        body
      )}
      {hint && (
        <p className={css.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {warning && (
        <p className="ui-field-warning" id={`${id}-warning`} role="status">
          {warning}
        </p>
      )}
      {dialog ? (
        <p className={css.error} id={`${id}-error`} role="alert">
          {error ?? ''}
        </p>
      ) : (
        <FieldMessage id={`${id}-error`} error={error} />
      )}
    </div>
  );
}

/** A member-look field's message under it, when there is one (also for the checkboxes and fieldsets an island lays out itself). */
export function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p className="m-error" id={id}>
      {error}
    </p>
  ) : null;
}
