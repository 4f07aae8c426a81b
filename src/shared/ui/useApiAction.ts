/**
 * One way for an island to act: a button or a form runs a call to the API as a React 19 Action (`useTransition`), and this hook
 * holds what every such action needs: the pending state that disables the control, the form's field messages, the success
 * toast, and the shop's one reaction to a failure (`handleApiError`: the server's message toasted, login asked again, or the
 * error page). Islands say only what is theirs: the call, the success message, what changes on screen afterwards.
 */
import { useCallback, useRef, useState, useTransition, type Dispatch, type SetStateAction } from 'react';
import { ApiError } from '#src/shared/api/errors.ts';
import type { Checked, FieldErrors } from '#src/shared/validation/form.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { toast } from './toast.ts';

export interface ApiActionOptions<A extends unknown[], R> {
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

export interface ApiAction<A extends unknown[]> {
  /** Runs the action; a tap while it is pending is ignored. */
  run: (...args: A) => void;
  /** True from the tap until the call and its effects are done. */
  pending: boolean;
  /** The form's messages by field (`form` for the whole form). */
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  /** Shows a form's check: its messages when it failed (true means go on, and clears old messages). */
  validated: <T>(checked: Checked<T>) => checked is { ok: true; value: T };
}

/** The action `call(...args)` with its pending state, field messages, success toast and failure handling. */
export function useApiAction<A extends unknown[], R>(call: (...args: A) => Promise<R>, options: ApiActionOptions<A, R> = {}): ApiAction<A> {
  const [isPending, startTransition] = useTransition();
  const [leaving, setLeaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A tap replayed in the same task as the first one (before React rendered `pending`) must not start a second call.
  const running = useRef(false);
  // The latest call and options, so `run` keeps one identity while the island re-renders.
  const latest = useRef({ call, options });
  latest.current = { call, options };

  const run = useCallback((...args: A) => {
    if (running.current) return;
    running.current = true;
    startTransition(async () => {
      const { call: act, options: o } = latest.current;
      try {
        const result = await act(...args);
        const leave = typeof o.keepPending === 'function' ? o.keepPending(result) : o.keepPending;
        if (leave || o.reloadAfter !== undefined) setLeaving(true);
        else running.current = false;
        const text = typeof o.success === 'function' ? o.success(result, ...args) : o.success;
        if (text) toast.success(text);
        o.onSuccess?.(result, ...args);
        if (o.reloadAfter !== undefined) setTimeout(() => location.reload(), o.reloadAfter);
      } catch (e) {
        // Never rethrown: a transition's error would reach React's error boundary and blank the island.
        running.current = false;
        setLeaving(false);
        if (o.refusalInForm && e instanceof ApiError && e.kind === 'business' && !e.expired) setErrors({ form: e.message });
        else if (!o.onError?.(e, ...args)) handleApiError(e);
        o.onFailure?.(e, ...args);
      }
    });
  }, []);

  const validated = useCallback(<T>(checked: Checked<T>): checked is { ok: true; value: T } => {
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok;
  }, []);

  return { run, pending: isPending || leaving, errors, setErrors, validated };
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
