/** The browser-side API client: every call goes to the same-origin proxy, which adds the member's token from its HttpOnly cookie. */
import { createApi, type Api, type ApiConfig } from './client.ts';

/** Same-origin proxy prefix; `/api/{base}/...` is forwarded to that base (src/pages/api/[base]/[...path].ts). */
export const PROXY_PREFIX = '/api';

export function createBrowserApi(wrap?: ApiConfig['wrap']): Api {
  return createApi({
    bases: { buyer: `${PROXY_PREFIX}/buyer`, base: `${PROXY_PREFIX}/base`, model: `${PROXY_PREFIX}/model`, seller: `${PROXY_PREFIX}/seller`, admin: `${PROXY_PREFIX}/admin` },
    timeoutMs: 8000,
    wrap,
  });
}
