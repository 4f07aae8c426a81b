/**
 * A request's cookies as Astro gives them to the shop's server code: the ones the browser sent, and what the answer sets.
 * As Astro's own, a value set (or deleted) during the request is what a later read sees; an object is stored as JSON.
 */
import type { AstroCookies } from 'astro';

export interface SetCookie {
  value: string;
  options?: { httpOnly?: boolean; expires?: Date; sameSite?: string; secure?: boolean };
}

/** `set` holds what the answer sets, by name (an empty value: deleted). */
export function jar(sent: Record<string, string>) {
  const values = new Map(Object.entries(sent));
  const set = new Map<string, SetCookie>();
  const cookies = {
    get: (name: string) =>
      values.has(name) ? { value: values.get(name)!, json: () => JSON.parse(values.get(name)!) as unknown } : undefined,
    has: (name: string) => values.has(name),
    set: (name: string, value: string | object, options?: SetCookie['options']) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      values.set(name, text);
      set.set(name, { value: text, options });
    },
    delete: (name: string) => {
      values.delete(name);
      set.set(name, { value: '' });
    },
  };
  return { cookies: cookies as unknown as AstroCookies, set, values };
}
