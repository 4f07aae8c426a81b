/** A bare GET for the one read every member page makes on load (the cart badge): fetch + envelope + schema, without the full client's weight. Any failure is null. */
import * as v from 'valibot';
import { Envelope } from './contract/core.ts';

export async function peek<S extends v.GenericSchema>(url: string, schema: S): Promise<v.InferOutput<S> | null> {
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!res.ok) return null;
    const envelope = v.safeParse(Envelope, await res.json());
    if (!envelope.success || envelope.output.status !== 200) return null;
    const data = v.safeParse(schema, envelope.output.data);
    return data.success ? data.output : null;
  } catch {
    return null;
  }
}
