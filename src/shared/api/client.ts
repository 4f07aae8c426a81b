/** The one way the shop calls the backend: a ky instance per side, contract endpoints in, schema-checked data out. */
import ky, { isHTTPError, isTimeoutError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { Envelope, fillPath, type ApiBase, type DataOf, type Endpoint, type InputOf } from './contract/core.ts';
import { ApiError } from './errors.ts';

export interface ApiConfig {
  /** Base URL per API base; the browser client maps every base to the same-origin proxy `/api/{base}`. */
  bases: Record<ApiBase, string>;
  /** Request timeout in ms (docs/product.md §9: 8000). */
  timeoutMs: number;
  /** Bearer token of the member, when there is one. */
  token?: () => string | undefined;
  /** Extra headers, e.g. the visitor `uuid` header of token refresh. */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** Wraps every call, e.g. to show the loading overlay while it runs (the browser client). */
  wrap?: <T>(call: Promise<T>, options: CallOptions<Endpoint>) => Promise<T>;
}

export interface CallOptions<E extends Endpoint> {
  /** Values for the path's `{param}` placeholders. */
  params?: Record<string, string | number>;
  /** Query (GET) or JSON body (POST). */
  input?: InputOf<E>;
  /** Idempotency key for mutations that must not repeat (order create, payment). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Runs without the loading overlay (type-ahead, background loads, inline controls with their own feedback). */
  silent?: boolean;
}

export interface Api {
  call<E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<DataOf<E>>;
}

/** Query string with arrays as repeated keys (docs/product.md §7) and empty values left out. */
export function toSearchParams(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (!input || typeof input !== 'object') return params;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
  }
  return params;
}

export function createApi(config: ApiConfig): Api {
  const http: KyInstance = ky.create({
    timeout: config.timeoutMs,
    throwHttpErrors: true,
    fetch: config.fetch,
    // ky retries GETs by itself; mutations are sent exactly once (docs/architecture.md §5).
    retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
  });

  async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<DataOf<E>> {
    const url = joinUrl(config.bases[endpoint.base], fillPath(endpoint.path, options.params));
    const headers: Record<string, string> = { accept: 'application/json', ...config.headers?.() };
    const token = endpoint.auth === 'none' ? undefined : config.token?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

    let body: unknown;
    try {
      const response = await http(url, {
        method: endpoint.method,
        headers,
        signal: options.signal,
        ...(endpoint.idempotent ? {} : { retry: 0 }),
        // A FormData input (the upload's file) goes as multipart; everything else as JSON.
        ...(endpoint.method === 'GET'
          ? { searchParams: toSearchParams(options.input) }
          : options.input instanceof FormData
            ? { body: options.input }
            : { json: options.input ?? {} }),
      });
      body = await response.json();
    } catch (e) {
      throw toApiError(endpoint, e);
    }

    const envelope = v.safeParse(Envelope, body);
    if (!envelope.success)
      throw new ApiError('schema', endpoint.name, 200, `${endpoint.name}: answer is not an envelope: ${v.summarize(envelope.issues)}`);
    const { status, msg, data } = envelope.output;
    if (status !== 200) throw new ApiError('business', endpoint.name, status, msg);
    const parsed = v.safeParse(endpoint.data, data);
    if (!parsed.success)
      throw new ApiError(
        'schema',
        endpoint.name,
        200,
        `${endpoint.name}: answer does not match the contract: ${v.summarize(parsed.issues)}`,
      );
    return parsed.output as DataOf<E>;
  }

  return {
    call: (endpoint, options = {}) =>
      config.wrap ? config.wrap(call(endpoint, options), options as CallOptions<Endpoint>) : call(endpoint, options),
  };
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Failures other than a business status name the endpoint in their message: they end up in logs and build output, never in a toast. */
function toApiError(endpoint: Endpoint, e: unknown): ApiError {
  const at = `${endpoint.name} (${endpoint.method} ${endpoint.path})`;
  if (isHTTPError(e)) return new ApiError('http', endpoint.name, e.response.status, `${at}: HTTP ${e.response.status}`);
  if (isTimeoutError(e)) return new ApiError('network', endpoint.name, 0, `${at}: request timed out`);
  if (e instanceof SyntaxError) return new ApiError('schema', endpoint.name, 200, `${at}: answer is not JSON`);
  if (e instanceof Error && e.name === 'AbortError') throw e;
  const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : '';
  return new ApiError('network', endpoint.name, 0, `${at}: backend unreachable: ${e instanceof Error ? e.message : String(e)}${cause}`);
}
