/**
 * The islands' form, its submit button and its foot. `Form` submits as a React 19 form action, so the island's submit runs
 * inside the action and `useFormStatus` knows while it is pending; it checks its fields itself (noValidate) and keeps what was
 * typed when React resets the form after the action (an error must not wipe the input). `SubmitButton` shows busy and is
 * disabled while its form's action is pending; `FormFoot` is the member centre's line of buttons with the server's refusal above it.
 */
import { useLayoutEffect, useRef, type FormHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useFormStatus } from 'react-dom';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'action' | 'method' | 'ref'> {
  /** The form's accessible name (a form inside a named section may go without). */
  label?: string;
  /** The island's submit: reads and checks the fields, then runs its action (it may wait, e.g. for rules loaded on demand). */
  onSubmit: (form: HTMLFormElement) => unknown;
  /** `m-form` and, where a form needs them, the utility classes of src/styles/utilities.css (the CSP blocks style attributes). */
  className?: string;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** What a form's controls held when it was submitted. */
type Snapshot = { form: HTMLFormElement; values: [Element, string | boolean | boolean[]][] };

const cleared = new WeakSet<HTMLFormElement>();

/** Empties a form after a success (its input is not put back after the action, as it is after an error). */
export function clearForm(form: HTMLFormElement): void {
  cleared.add(form);
  form.reset();
}

function snapshot(form: HTMLFormElement): Snapshot {
  const values: Snapshot['values'] = [];
  for (const el of form.elements) {
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio') values.push([el, el.checked]);
      else if (el.type !== 'file') values.push([el, el.value]);
    } else if (el instanceof HTMLTextAreaElement) values.push([el, el.value]);
    else if (el instanceof HTMLSelectElement) values.push([el, [...el.options].map((o) => o.selected)]);
  }
  return { form, values };
}

function restore({ form, values }: Snapshot): void {
  if (cleared.delete(form)) return;
  for (const [el, value] of values) {
    if (!el.isConnected || (el as HTMLInputElement).form !== form) continue;
    if (el instanceof HTMLSelectElement && Array.isArray(value)) [...el.options].forEach((o, i) => (o.selected = value[i] ?? o.selected));
    else if (el instanceof HTMLInputElement && typeof value === 'boolean') el.checked = value;
    else if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && typeof value === 'string') el.value = value;
  }
}

/**
 * Puts the submitted input back once the action is over. React resets a form when its action ends, in the same commit that
 * ends its pending state, and before layout effects: so this runs right after the reset, before the browser paints.
 */
function KeepInput({ held }: { held: { current: Snapshot | null } }) {
  const { pending } = useFormStatus();
  useLayoutEffect(() => {
    if (pending || !held.current) return;
    restore(held.current);
    held.current = null;
  }, [pending]);
  return null;
}

/** A form (`.m-form` by default) whose submit runs `onSubmit` as a form action (typing before hydration is kept: the fields are uncontrolled). */
export function Form({ label, onSubmit, className = 'm-form', ref, children, ...rest }: FormProps) {
  const held = useRef<Snapshot | null>(null);
  return (
    <form
      ref={ref}
      className={className}
      noValidate
      aria-label={label}
      {...rest}
      onSubmit={(e) => {
        // The action that follows gets the form's data only: the form and its input are taken here.
        held.current = snapshot(e.currentTarget);
      }}
      action={() => {
        const form = held.current?.form;
        const done = form && onSubmit(form);
        // An island's submit that waits keeps the form pending until it is done.
        return done instanceof Promise ? done.then(() => undefined) : undefined;
      }}
    >
      {children}
      <KeepInput held={held} />
    </form>
  );
}

interface SubmitProps {
  className?: string;
  /** Busy beyond the form's own action (a call that keeps its page pending until it leaves). */
  pending?: boolean;
  /** `disabled` takes the button out of the tab order while pending; `aria-disabled` keeps its focus. */
  disable?: 'aria' | 'native';
  /** The text while pending; the children stay when there is none. */
  pendingLabel?: ReactNode;
  /** Marks the button `aria-busy` while pending. */
  busy?: boolean;
  children: ReactNode;
}

/** A form's submit button: busy and disabled while the form's action is pending, so a second tap cannot submit again. */
export function SubmitButton({
  className = 'btn btn-primary',
  pending = false,
  disable = 'aria',
  pendingLabel,
  busy = false,
  children,
}: SubmitProps) {
  const status = useFormStatus();
  const waiting = pending || status.pending;
  const off = disable === 'native' ? { disabled: waiting } : { 'aria-disabled': waiting };
  return (
    <button type="submit" className={className} {...off} aria-busy={busy ? waiting : undefined}>
      {waiting && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}

interface FootProps {
  /** The text of the main button, and while the action is pending. */
  label: string;
  pendingLabel?: string;
  /** Busy beyond the form's own action (see SubmitButton). */
  pending?: boolean;
  /** A message about the whole form (the server's refusal), shown above the buttons. */
  error?: string;
  /** `disabled` takes the button out of the tab order while pending; the default `aria-disabled` keeps its focus. */
  disable?: 'aria' | 'native';
  /** More buttons after the main one (cancel). */
  children?: ReactNode;
}

/** The form's foot: its message, then the submit button and any others. */
export function FormFoot({ label, pendingLabel = '提交中…', pending, error, disable = 'aria', children }: FootProps) {
  return (
    <>
      {error && (
        <p className="m-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="m-form-actions">
        <SubmitButton pending={pending} disable={disable} pendingLabel={pendingLabel}>
          {label}
        </SubmitButton>
        {children}
      </div>
    </>
  );
}
