/**
 * The one shape of a form's messages, for every island's form: a form is read into an object, checked with the contract's
 * schema (the same one the server applies), and each Chinese message is put beside the field it names; a message that names
 * no field goes under `form`, shown above the buttons.
 */
import * as v from 'valibot';

/** Messages by field: the dotted path of the input (`regionIds`, `lines.0.num`), or `form` for the whole form. */
export type FieldErrors = Record<string, string>;

/** A form's check: its value when it passed, else its messages. */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The first message per field; messages without a path go under `form`. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/** Validates with the contract's schema: the output, or the messages by field (whole-object rules name their field). */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): Checked<v.InferOutput<S>> {
  const r = v.safeParse(schema, input);
  return r.success ? { ok: true, value: r.output } : { ok: false, errors: fieldErrors(r.issues) };
}

/** Text fields of a form as an object of strings. */
export function formText(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of new FormData(form)) if (typeof val === 'string') out[k] = val;
  return out;
}
