/** Same-origin proxy for islands: `/api/{base}/{path}` -> the backend, with the member's bearer token from its HttpOnly cookie; an expired token is renewed once (shared by parallel calls) and the call replayed. */
import type { APIRoute } from 'astro';
import { API_TIMEOUT_MS } from 'astro:env/server';
import { allEndpoints } from '../../../lib/api/contract/registry.ts';
import { expiredAnswer, forward, notAnEndpoint, resolveTarget } from '../../../lib/api/proxy.ts';
import { baseUrl } from '../../../lib/api/server.ts';
import { currentAccessToken, refreshTokens } from '../../../lib/session/session.server.ts';
import { REFRESH_COOKIE } from '../../../lib/session/cookies.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ params, request, cookies, url }) => {
  const target = resolveTarget(allEndpoints, params.base ?? '', request.method, params.path ?? '');
  if (!target) return notAnEndpoint();
  const upstream = baseUrl(target.endpoint.base);
  if (target.endpoint.auth === 'none') return forward(request, target, upstream, undefined, API_TIMEOUT_MS);

  const secure = url.protocol === 'https:';
  const replay = request.clone();
  const token = await currentAccessToken(cookies, secure);
  const res = await forward(request, target, upstream, token ?? undefined, API_TIMEOUT_MS);
  if (!token || !cookies.get(REFRESH_COOKIE)?.value || !(await expiredAnswer(res))) return res;
  // The access token died mid-session: renew it (once for all parallel calls) and replay; a failed renewal stays a 401.
  const renewed = await refreshTokens(cookies, secure).catch(() => null);
  return renewed ? forward(replay, target, upstream, renewed.access, API_TIMEOUT_MS) : res;
};
