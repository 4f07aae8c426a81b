/** The shape every call of the backend shares: the envelope, endpoint descriptors and paging. Imported by the storefront and the sandbox alike. */
import * as v from 'valibot';

/** The backend's API bases (docs/product.md §3 "Environment values"); each endpoint names the one it lives on. */
export const API_BASES = ['base', 'buyer', 'model', 'seller', 'admin'] as const;
export type ApiBase = (typeof API_BASES)[number];

export type Method = 'GET' | 'POST';

/** One call of the backend: where it lives, what it takes and the schema of its `data`. */
export interface Endpoint<
  D extends v.GenericSchema = v.GenericSchema,
  I extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  /** Stable name used in logs, errors and the contract test, e.g. `catalog.categories`. */
  readonly name: string;
  readonly method: Method;
  /** Path on its base, with `{param}` placeholders, e.g. `/product/detail/{id}`. */
  readonly path: string;
  readonly base: ApiBase;
  /** Schema of the envelope's `data` on status 200. */
  readonly data: D;
  /** Schema of the query (GET) or JSON body (POST); the sandbox rejects what fails it. */
  readonly input: I;
  /** `required`: the call needs a member's bearer token; `optional`: it uses one when present. */
  readonly auth: 'none' | 'optional' | 'required';
  /** Safe to repeat (ky may retry it); false for mutations such as order create or payment. */
  readonly idempotent: boolean;
}

/** Declares an endpoint; defaults: no auth, GET is idempotent, POST is not. */
export function endpoint<D extends v.GenericSchema, I extends v.GenericSchema | undefined = undefined>(e: {
  name: string;
  method: Method;
  path: string;
  base?: ApiBase;
  data: D;
  input?: I;
  auth?: Endpoint['auth'];
  idempotent?: boolean;
}): Endpoint<D, I> {
  return {
    base: 'buyer',
    auth: 'none',
    idempotent: e.method === 'GET',
    ...e,
    input: e.input as I,
  };
}

export type DataOf<E extends Endpoint> = v.InferOutput<E['data']>;
export type InputOf<E extends Endpoint> = E['input'] extends v.GenericSchema ? v.InferInput<E['input']> : undefined;

/** Every answer: `{ status, msg, data }`; status 200 is success, anything else carries a Chinese `msg` (docs/product.md §8). */
export const Envelope = v.object({
  status: v.number(),
  msg: v.optional(v.string(), ''),
  data: v.optional(v.unknown()),
});
export type Envelope = v.InferOutput<typeof Envelope>;

/** An object schema whose missing fields answer their own Chinese message: valibot reports a missing key with the object's message, not the field's. */
export const form = <E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    const entry = typeof key === 'string' ? entries[key] : undefined;
    const result = entry && v.safeParse(entry, undefined);
    return result && !result.success ? result.issues[0].message : '参数格式错误';
  });

/** Paged list answer; `pageNumber` starts at 1 (docs/product.md §9 defaults: pageSize 16, pageNumber 1). */
export const page = <T extends v.GenericSchema>(item: T) =>
  v.object({
    list: v.array(item),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    pageNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  });

/** Paging query of list calls; numbers arrive as strings in a query, so they are coerced. */
const intFromQuery = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform(Number),
      v.number('分页参数必须是数字'),
      v.integer('分页参数必须是整数'),
      v.minValue(1, '分页参数必须大于 0'),
      v.maxValue(max, `分页参数不能大于 ${max}`),
    ),
    fallback,
  );
export const PageQuery = v.object({
  pageNumber: intFromQuery(1, 100000),
  pageSize: intFromQuery(16, 100),
});

/** A page of a list that may be narrowed to one status (orders, returns, coupons, after-sales, quotes). */
export function pageByStatus<S extends v.GenericSchema>(status: S) {
  return v.object({ ...PageQuery.entries, status: v.optional(status) });
}

/** An id in a path or query: digits only. */
export const IdParam = v.pipe(v.string(), v.regex(/^\d{1,12}$/, '编号格式错误'));

/** Fills `{param}` placeholders, encoding each value; throws when one is missing. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against a template; returns its params or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const t = template.split('/').filter(Boolean);
  const p = path.split('/').filter(Boolean);
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    const m = /^\{(\w+)\}$/.exec(seg);
    if (m) params[m[1]!] = decodeURIComponent(p[i]!);
    else if (seg !== p[i]) return null;
  }
  return params;
}
