/** Form plumbing of the member centre's islands: read a form into an object, validate it with a contract schema, and say which field each Chinese message belongs to. */
import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

/** The first message per field (dotted path); messages without a path go under `form`. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}

export type Checked<S extends v.GenericSchema> = { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors };

/** Validates with the contract's schema, the same one the server applies. */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): Checked<S> {
  const r = v.safeParse(schema, input);
  return r.success ? { ok: true, value: r.output } : { ok: false, errors: fieldErrors(r.issues) };
}

/** Text fields of a form as an object of strings. */
export function formText(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of new FormData(form)) if (typeof val === 'string') out[k] = val;
  return out;
}
