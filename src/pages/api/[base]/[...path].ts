/**
 * Same-origin proxy for islands: `/api/{base}/{path}` -> the backend, with the member's bearer token from its HttpOnly cookie;
 * state changes only from the shop's own pages, bodies read with a ceiling, an expired token renewed once (shared by
 * parallel calls) and the call replayed.
 */
import type { APIRoute } from 'astro';
import { API_TIMEOUT_MS } from 'astro:env/server';
import { allEndpoints } from '#src/shared/api/contract/registry.ts';
import { expiredAnswer, forward, notAnEndpoint, readBody, resolveTarget } from '#src/shared/api/proxy.ts';
import { baseUrl } from '#src/shared/api/server.ts';
import { tooLarge } from '#src/shared/http/body.ts';
import { publicOriginOf, secureCookiesOf } from '#src/shared/http/public-origin.ts';
import { isSafeMethod, isSameOriginPost } from '#src/shared/session/origin.ts';
import { currentAccessToken, refreshTokens } from '#src/shared/session/session.server.ts';
import { REFRESH_COOKIE } from '#src/boot/cookies.ts';

export const prerender = false;

const refused = () =>
  new Response(JSON.stringify({ status: 403, msg: '非法请求来源', data: null }), {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' },
  });

export const ALL: APIRoute = async (context) => {
  const { params, request, cookies } = context;
  // A foreign page's POST with the member's cookies is refused here, not only by the browser's preflight and SameSite=Lax.
  if (!isSafeMethod(request.method) && !isSameOriginPost(request, publicOriginOf(context))) return refused();
  const target = resolveTarget(allEndpoints, params.base ?? '', request.method, params.path ?? '');
  if (!target) return notAnEndpoint();
  const body = await readBody(request);
  if (body === null) return tooLarge();
  const upstream = baseUrl(target.endpoint.base);
  if (target.endpoint.auth === 'none') return forward(request, body, target, upstream, undefined, API_TIMEOUT_MS);

  const secure = secureCookiesOf(context);
  const token = await currentAccessToken(cookies, secure);
  const res = await forward(request, body, target, upstream, token ?? undefined, API_TIMEOUT_MS);
  if (!token || !cookies.get(REFRESH_COOKIE)?.value || !(await expiredAnswer(res))) return res;
  // The access token died mid-session: renew it (once for all parallel calls) and replay; a failed renewal stays a 401.
  const renewed = await refreshTokens(cookies, secure).catch(() => null);
  return renewed ? forward(request, body, target, upstream, renewed.access, API_TIMEOUT_MS) : res;
};
