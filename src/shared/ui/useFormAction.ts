/**
 * The one way for an island to act, whether a form is submitted or a button tapped: the call runs as a React 19 Action
 * through `useActionState`, whose state is the form's messages (the one shape of `FieldErrors`, `form` for the whole form)
 * and whose pending flag disables the control. It also holds the success toast and the shop's one reaction to a failure
 * (`handleApiError`: the server's message toasted, login asked again, or the error page). Islands say only what is theirs:
 * the call, the success message, what changes on screen afterwards. A form's submit button follows the same action through
 * `useFormStatus` (`SubmitButton` in Form.tsx), and `Form` keeps what was typed across React's reset of a submitted form.
 */
import { startTransition, useActionState, useCallback, useRef, type SetStateAction } from 'react';
import { ApiError } from '#src/shared/api/errors.ts';
import type { Checked, FieldErrors } from '#src/shared/validation/form.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { toast } from './toast.ts';

export interface FormActionOptions<A extends unknown[], R> {
  /** The toast after a success: a fixed text, or one made from the answer (nothing when it returns undefined). */
  success?: string | ((result: R, ...args: A) => string | undefined);
  /** What changes after a success (after the toast): close the form, reload the list, go to the next page. */
  onSuccess?: (result: R, ...args: A) => void;
  /** A failure the island shows itself (a message beside a field, a line put back); true when handled, else the shop's reaction follows. */
  onError?: (error: unknown, ...args: A) => boolean | void;
  /** The server's refusal (a business error) is shown above the form's buttons (`errors.form`) instead of toasted. */
  refusalInForm?: boolean;
  /** After any failure, handled or not (e.g. a new captcha picture). */
  onFailure?: (error: unknown, ...args: A) => void;
  /**
   * Stays pending after a success, for an action whose page reloads or leaves: the control stays disabled until it is gone, so
   * a second tap cannot repeat the call. A function decides from the answer.
   */
  keepPending?: boolean | ((result: R) => boolean);
  /** Reloads the page this many ms after a success (time to read the toast), pending until then: the page shows the new state everywhere. */
  reloadAfter?: number;
}

/** The action's state, kept by `useActionState`. */
export interface FormActionState {
  /** The form's messages by field (`form` for the whole form). */
  errors: FieldErrors;
  /** The last call succeeded and its page reloads or leaves: still pending. */
  leaving: boolean;
}

export interface FormAction<A extends unknown[]> {
  /** Runs the action (inside a form's submit, or from a button); a tap while it is pending is ignored. */
  run: (...args: A) => void;
  /** True from the tap until the call and its effects are done. */
  pending: boolean;
  /** The form's messages by field (`form` for the whole form). */
  errors: FieldErrors;
  setErrors: (next: SetStateAction<FieldErrors>) => void;
  /** One field's message, or none (null or empty clears it). */
  setError: (name: string, message: string | null | undefined) => void;
  /** Shows a form's check: its messages when it failed (true means go on, and clears old messages). */
  validated: <T>(checked: Checked<T>) => checked is { ok: true; value: T };
}

type Message<A> = { run: A } | { errors: SetStateAction<FieldErrors> };

const START: FormActionState = { errors: {}, leaving: false };

/** The action `call(...args)` with its pending state, field messages, success toast and failure handling. */
export function useFormAction<A extends unknown[], R>(
  call: (...args: A) => Promise<R>,
  options: FormActionOptions<A, R> = {},
): FormAction<A> {
  // A tap replayed in the same task as the first one (before React rendered `pending`) must not start a second call.
  const running = useRef(false);
  // The latest call and options, so `run` keeps one identity while the island re-renders.
  const latest = useRef({ call, options });
  latest.current = { call, options };

  const [state, dispatch, isPending] = useActionState(
    (prev: FormActionState, message: Message<A>): FormActionState | Promise<FormActionState> => {
      if ('errors' in message)
        return { ...prev, errors: typeof message.errors === 'function' ? message.errors(prev.errors) : message.errors };
      return perform(prev, message.run);
    },
    START,
  );

  async function perform(prev: FormActionState, args: A): Promise<FormActionState> {
    const { call: act, options: o } = latest.current;
    try {
      const result = await act(...args);
      const leave = Boolean(typeof o.keepPending === 'function' ? o.keepPending(result) : o.keepPending) || o.reloadAfter !== undefined;
      if (!leave) running.current = false;
      const text = typeof o.success === 'function' ? o.success(result, ...args) : o.success;
      if (text) toast.success(text);
      o.onSuccess?.(result, ...args);
      if (o.reloadAfter !== undefined) setTimeout(() => location.reload(), o.reloadAfter);
      return { ...prev, leaving: leave };
    } catch (e) {
      // Never rethrown: an action's error would reach React's error boundary and blank the island.
      running.current = false;
      let errors = prev.errors;
      if (o.refusalInForm && e instanceof ApiError && e.kind === 'business' && !e.expired) errors = { form: e.message };
      else if (!o.onError?.(e, ...args)) handleApiError(e);
      o.onFailure?.(e, ...args);
      return { errors, leaving: false };
    }
  }

  const run = useCallback((...args: A) => {
    if (running.current) return;
    running.current = true;
    startTransition(() => dispatch({ run: args }));
  }, []);

  // Messages go through the same queue, so a message set while a call is pending lands after its answer.
  const setErrors = useCallback((next: SetStateAction<FieldErrors>) => startTransition(() => dispatch({ errors: next })), []);

  const setError = useCallback(
    (name: string, message: string | null | undefined) =>
      setErrors((e) => {
        const { [name]: _, ...rest } = e;
        return message ? { ...rest, [name]: message } : rest;
      }),
    [],
  );

  const validated = useCallback(<T>(checked: Checked<T>): checked is { ok: true; value: T } => {
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok;
  }, []);

  // Pending while a call runs, not while only messages change (they go through the same queue): a failed check shows no busy button.
  const pending = (isPending && running.current) || state.leaving;
  return { run, pending, errors: state.errors, setErrors, setError, validated };
}

/**
 * A call whose failure gets the shop's reaction and still rejects: for a control that must know it failed, like the SMS
 * code button that starts its countdown only when the code was sent.
 */
export async function reported<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    handleApiError(e);
    throw e;
  }
}
