/** Form state of the account forms: uncontrolled inputs read through FormData (so typing before hydration is kept), messages per field. */
import { useCallback, useState } from 'react';
import type { GenericSchema } from 'valibot';
import { fieldMessage } from '#src/shared/validation/check.ts';

export type Messages = Record<string, string | null>;

export function useForm() {
  const [errors, setErrors] = useState<Messages>({});
  const setError = useCallback((name: string, message: string | null) => setErrors((e) => ({ ...e, [name]: message })), []);
  /** Checks the named fields of a form; returns their values and whether all passed. */
  const check = useCallback((form: HTMLFormElement, rules: Record<string, GenericSchema>, extra?: (values: Record<string, string>) => Messages) => {
    const data = new FormData(form);
    const values: Record<string, string> = {};
    const found: Messages = {};
    for (const [name, rule] of Object.entries(rules)) {
      values[name] = String(data.get(name) ?? '').trim();
      found[name] = fieldMessage(rule, values[name]);
    }
    if (extra) Object.assign(found, extra(values));
    setErrors(found);
    return { values, data, ok: Object.values(found).every((m) => !m) };
  }, []);
  return { errors, setErrors, setError, check };
}
