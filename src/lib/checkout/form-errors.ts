/** Field messages of a form checked with a contract schema: the first message per field, and the ones of whole-form checks under `_form`. */
import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

/** Parses `value` with `schema`; on success the output, else the messages by field (cross-field checks name their field when they can). */
export function checkForm<S extends v.GenericSchema>(schema: S, value: unknown, crossField: Record<string, string> = {}): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return { ok: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || crossField[issue.message] || '_form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
