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
