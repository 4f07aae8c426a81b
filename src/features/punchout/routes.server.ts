/**
 * The shop's `/punchout/*` routes (docs/punchout.md), behind `punchout_part`: thin page files call these. The start spends
 * the one-time key and makes the browser's session the organisation's member, putting a member's own shop session aside (a
 * punchout cart never mixes with a member's own); the return carries the cart back, ends the punchout session and gives the
 * browser its own session back.
 */
import type { APIContext } from 'astro';
import { auth } from '#src/shared/api/contract/auth.ts';
import { punchout } from '#src/shared/api/contract/punchout.ts';
import { api, apiFor } from '#src/shared/api/server.ts';
import { publicOriginOf, secureCookiesOf } from '#src/shared/http/public-origin.ts';
import { clearSessionCookies, takeSessionBack } from '#src/shared/session/cookie-jar.ts';
import { currentAccessToken, putSessionAside } from '#src/shared/session/session.server.ts';
import { profileCookieValue } from '#src/boot/profile.ts';
import { ACCESS_COOKIE, PROFILE_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { handleCxml, ociParams, ociSetup, returnPage, type ProtocolDeps } from './protocol.server.ts';
import { forgetSession, punchoutCookieBase, punchoutOn, rememberSession } from './session.server.ts';

const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const deps = (context: APIContext): ProtocolDeps => ({ api, origin: publicOriginOf(context), now: Date.now, log: (l) => console.info(l) });
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function cxmlRoute(context: APIContext): Promise<Response> {
  if (!(await punchoutOn())) return notFound();
  return handleCxml(context.request, deps(context));
}

export async function ociRoute(context: APIContext): Promise<Response> {
  if (!(await punchoutOn())) return notFound();
  const type = context.request.headers.get('content-type') ?? '';
  const form =
    context.request.method === 'POST' && type.includes('application/x-www-form-urlencoded')
      ? new URLSearchParams(await context.request.text())
      : null;
  const r = await ociSetup(ociParams(context.url, form), deps(context));
  return 'location' in r
    ? new Response(null, { status: 303, headers: { location: r.location, 'cache-control': 'no-store' } })
    : text(r.text, r.status);
}

/** `GET /punchout/start?key=`: the StartPage. Spends the key, signs the browser in as the organisation's member, opens the punchout cart (its 继续选购 leads to the goods). */
export async function startRoute(context: APIContext): Promise<Response> {
  if (!(await punchoutOn())) return notFound();
  const key = context.url.searchParams.get('key') ?? '';
  const secure = secureCookiesOf(context);
  try {
    const { session, login } = await api.call(punchout.start, { input: { key: key.slice(0, 128) } });
    const base = punchoutCookieBase(secure);
    // The browser's own shop session waits aside until the punchout ends; a punchout started inside another one keeps the
    // session that one put aside (what the token cookies hold then is the earlier punchout's member).
    if (!context.cookies.has(PUNCHOUT_COOKIE)) await putSessionAside(context.cookies, context.locals.profile, secure);
    clearSessionCookies(context.cookies);
    context.cookies.set(ACCESS_COOKIE, login.token, { ...base, expires: new Date(login.tokenExpires) });
    context.cookies.set(REFRESH_COOKIE, login.refreshToken, {
      ...base,
      expires: new Date(Math.min(login.refreshTokenExpires, session.expiresAt)),
    });
    context.cookies.set(PUNCHOUT_COOKIE, session.id, { ...base, expires: new Date(session.expiresAt) });
    const user = await apiFor(login.token).call(auth.userInfo);
    context.cookies.set(PROFILE_COOKIE, profileCookieValue({ uid: user.uid, phone: user.phone, username: user.username }), {
      path: '/',
      secure,
      sameSite: base.sameSite,
      expires: new Date(session.expiresAt),
      encode: (v) => v,
    });
    rememberSession(session);
    return new Response(null, {
      status: 303,
      headers: { location: '/punchout/cart', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    });
  } catch (e) {
    console.info(`[punchout] start refused: ${(e as Error).message}`);
    return text('登录链接无效或已过期：请从采购系统重新进入。', 403);
  }
}

/**
 * `POST /punchout/return`: the 返回采购系统 button. Sends the cart back, ends the punchout session in this browser and gives
 * it back the shop session the start put aside (signed out when there was none).
 */
export async function returnRoute(context: APIContext): Promise<Response> {
  if (!(await punchoutOn())) return notFound();
  const id = context.cookies.get(PUNCHOUT_COOKIE)?.value ?? '';
  const token = await currentAccessToken(context.cookies, secureCookiesOf(context));
  if (!id || !token) return text('采购会话不存在或已过期：请从采购系统重新进入。', 404);
  try {
    const cart = await apiFor(token).call(punchout.cart, { input: { session: id } });
    const page = returnPage(cart, Date.now());
    forgetSession(id);
    clearSessionCookies(context.cookies);
    await apiFor(token)
      .call(auth.logout)
      .catch(() => undefined);
    takeSessionBack(context.cookies, secureCookiesOf(context), Date.now());
    return page;
  } catch (e) {
    console.info(`[punchout] return refused: ${(e as Error).message}`);
    return text('采购会话不存在或已过期：请从采购系统重新进入。', 404);
  }
}
