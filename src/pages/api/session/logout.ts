/** Logout (docs/product.md §4): tells the backend, then drops the HttpOnly tokens, the profile and seller cookies whatever it answered. */
import type { APIRoute } from 'astro';
import { apiFor } from '#src/shared/api/server.ts';
import { auth } from '#src/shared/api/contract/auth.ts';
import { clearSessionCookies, forgetSessionAside } from '#src/shared/session/cookie-jar.ts';
import { ACCESS_COOKIE } from '#src/boot/cookies.ts';
import { isSameOriginPost } from '#src/shared/session/origin.ts';
import { publicOriginOf } from '#src/shared/http/public-origin.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const { cookies, request } = context;
  if (!isSameOriginPost(request, publicOriginOf(context))) return new Response(null, { status: 403 });
  const token = cookies.get(ACCESS_COOKIE)?.value;
  if (token)
    await apiFor(token)
      .call(auth.logout)
      .catch(() => undefined);
  clearSessionCookies(cookies);
  // Signing out means no one is signed in here: a shop session a punchout put aside does not come back either.
  forgetSessionAside(cookies);
  const wantsJson = request.headers.get('accept')?.includes('application/json');
  return wantsJson
    ? new Response(JSON.stringify({ status: 200, msg: '退出成功!', data: null }), {
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      })
    : new Response(null, { status: 303, headers: { location: '/' } });
};
