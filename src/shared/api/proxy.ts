/** The same-origin proxy's rules: only contract endpoints pass, the member's token is added server-side, nothing else leaks through. */
import { API_BASES, matchPath, type ApiBase, type Endpoint } from './contract/core.ts';
import { BODY_LIMITS, readCapped } from '#src/shared/http/body.ts';

/** Request headers the proxy passes on; cookies and anything else stay behind. */
const FORWARDED_HEADERS = ['accept', 'content-type', 'idempotency-key', 'uuid'];

export interface ProxyTarget {
  endpoint: Endpoint;
  /** Path on the base, with a leading slash. */
  path: string;
}

/** Finds the contract endpoint a proxied call addresses, or null when it is not one (then the proxy answers 404). */
export function resolveTarget(endpoints: readonly Endpoint[], base: string, method: string, path: string): ProxyTarget | null {
  if (!(API_BASES as readonly string[]).includes(base)) return null;
  const clean = `/${path.replace(/^\/+/, '')}`;
  const endpoint = endpoints.find((e) => e.base === (base as ApiBase) && e.method === method && matchPath(e.path, clean));
  return endpoint ? { endpoint, path: clean } : null;
}

const envelope = (status: number, msg: string, http: number) =>
  new Response(JSON.stringify({ status, msg, data: null }), {
    status: http,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' },
  });

/**
 * The call's body, read once with the proxy's ceiling (never whole first): undefined for GET and HEAD, null when it is over the
 * limit (declared, or cut off as it arrives), so the caller answers 413 before anything reaches the backend.
 */
export async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer> | undefined | null> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  return readCapped(request, BODY_LIMITS.proxy);
}

/** Forwards one browser call (its body read by `readBody`) to the backend and hands its answer back unchanged. */
export async function forward(
  request: Request,
  body: Uint8Array<ArrayBuffer> | undefined,
  target: ProxyTarget,
  upstreamBase: string,
  token: string | undefined,
  timeoutMs: number,
): Promise<Response> {
  const url = new URL(request.url);
  const upstream = `${upstreamBase.replace(/\/+$/, '')}${target.path}${url.search}`;
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (token && target.endpoint.auth !== 'none') headers.set('authorization', `Bearer ${token}`);

  try {
    const res = await fetch(upstream, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    return new Response(await res.arrayBuffer(), {
      status: res.status,
      headers: {
        'content-type': res.headers.get('content-type') ?? 'application/json; charset=utf-8',
        'cache-control': 'private, no-store',
      },
    });
  } catch {
    return envelope(502, '服务暂时不可用，请稍后再试', 502);
  }
}

export const notAnEndpoint = (): Response => envelope(404, '接口不存在', 404);

/** True when the backend answered the envelope status 401: the access token is spent (docs/product.md §8). */
export async function expiredAnswer(res: Response): Promise<boolean> {
  try {
    const body = (await res.clone().json()) as { status?: unknown };
    return body.status === 401;
  } catch {
    return false;
  }
}
