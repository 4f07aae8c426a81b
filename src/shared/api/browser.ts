/** The browser-side API client: every call goes to the same-origin proxy, which adds the member's token from its HttpOnly cookie. */
import { createApi, type Api, type ApiConfig } from './client.ts';
import { API_BASES, type ApiBase } from './contract/core.ts';
import { proxyBase } from '#src/boot/proxy-path.ts';
import { API_TIMEOUT_DEFAULT_MS } from '#build/env-schema.ts';

export function createBrowserApi(wrap?: ApiConfig['wrap']): Api {
  const bases = Object.fromEntries(API_BASES.map((b) => [b, proxyBase(b)])) as Record<ApiBase, string>;
  // The browser cannot read the server's API_TIMEOUT_MS at run time: it waits the schema's default, as the proxy does unless configured.
  return createApi({ bases, timeoutMs: API_TIMEOUT_DEFAULT_MS, wrap });
}
