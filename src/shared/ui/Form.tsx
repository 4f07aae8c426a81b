/**
 * The member centre's form and its foot: a form that checks its fields itself (noValidate) and hands itself to the island's
 * submit, and the line of buttons with the server's refusal above it and the pending label on the main button.
 */
import type { ReactNode, Ref } from 'react';

interface FormProps {
  /** The form's accessible name (a form inside a named section may go without). */
  label?: string;
  onSubmit: (form: HTMLFormElement) => void;
  /** `m-form` and, where a form needs them, the utility classes of src/styles/utilities.css (the CSP blocks style attributes). */
  className?: string;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** A `.m-form` whose submit event goes to `onSubmit` with the form (typing before hydration is kept: the fields are uncontrolled). */
export function Form({ label, onSubmit, className = 'm-form', ref, children }: FormProps) {
  return (
    <form
      ref={ref}
      className={className}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}

interface FootProps {
  /** The text of the main button, and while the action is pending. */
  label: string;
  pendingLabel?: string;
  pending: boolean;
  /** A message about the whole form (the server's refusal), shown above the buttons. */
  error?: string;
  /** `disabled` takes the button out of the tab order while pending; the default `aria-disabled` keeps its focus. */
  disable?: 'aria' | 'native';
  /** More buttons after the main one (cancel). */
  children?: ReactNode;
}

/** The form's foot: its message, then the submit button and any others. */
export function FormFoot({ label, pendingLabel = '提交中…', pending, error, disable = 'aria', children }: FootProps) {
  const off = disable === 'native' ? { disabled: pending } : { 'aria-disabled': pending };
  return (
    <>
      {error && (
        <p className="m-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="m-form-actions">
        <button type="submit" className="btn btn-primary" {...off}>
          {pending ? pendingLabel : label}
        </button>
        {children}
      </div>
    </>
  );
}
