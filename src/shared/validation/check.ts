/** Running a rule on a value: the first message or null. Apart from the rules, so a form can load its rules only when it is sent. */
import * as v from 'valibot';

/** docs/product.md §5: the whole form is invalid; also what a rule without a message of its own says. */
export const FORM_INVALID = '表单填写有误，请检查！';

/** The first message of a field's rule, or null when the value passes. */
export function fieldMessage(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? FORM_INVALID);
}

/** Checks each field of a form with its rule; returns the messages by field name (empty when all pass). */
export function formMessages<K extends string>(rules: Record<K, v.GenericSchema>, values: Record<K, unknown>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const message = fieldMessage(rules[key], values[key]);
    if (message) out[key] = message;
  }
  return out;
}

/** A form's named fields read (trimmed) and checked, each with its rule, plus messages that compare fields (`extra`). */
export function checkFields(
  form: HTMLFormElement,
  rules: Record<string, v.GenericSchema>,
  extra?: (values: Record<string, string>) => Record<string, string | null | undefined>,
): { values: Record<string, string>; data: FormData; errors: Record<string, string>; ok: boolean } {
  const data = new FormData(form);
  const values: Record<string, string> = {};
  for (const name of Object.keys(rules)) values[name] = String(data.get(name) ?? '').trim();
  const found: Record<string, string | null | undefined> = { ...formMessages(rules, values), ...extra?.(values) };
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(found)) if (message) errors[name] = message;
  return { values, data, errors, ok: Object.keys(errors).length === 0 };
}
