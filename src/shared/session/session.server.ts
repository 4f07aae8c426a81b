/** The server's half of the session (docs/architecture.md §5): finishing a login into HttpOnly cookies, one token refresh at a time, and reading the session back. */
import { randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { apiFor } from '#src/shared/api/server.ts';
import { auth, type LoginResult, type User } from '#src/shared/api/contract/auth.ts';
import { ApiError, SESSION_EXPIRED_TEXT } from '#src/shared/api/errors.ts';
import { VISITOR_COOKIE } from '#src/boot/chrome-rules.ts';
import {
  clearSessionCookies,
  forgetSessionAside,
  readPendingCookie,
  setPendingCookie,
  setProfileCookie,
  setSessionAside,
  setTokenCookies,
  type Tokens,
} from './cookie-jar.ts';
import { ACCESS_COOKIE, BROWSER_COOKIE, PENDING_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import type { Profile } from '#src/boot/profile.ts';
import { signInNotice } from '#src/features/privacy/client.server.ts';

/** What the browser learns of a login: never a token. */
export interface LoginOutcome {
  privacyState: 'y' | 'n';
  profile: Profile | null;
  /** Set for a user with a shop: the seller site to go to (docs/product.md §6). */
  seller: string | null;
  /** A message the backend keeps for this sign-in (privacy_part: "注销申请已撤销"), shown instead of 登录成功. */
  notice?: string | null;
}

export const visitorOf = (cookies: AstroCookies): string | null => {
  const raw = cookies.get(VISITOR_COOKIE)?.value ?? '';
  return /^[A-Za-z0-9-]{8,64}$/.test(raw) ? raw : null;
};

const newBrowserId = () => randomBytes(16).toString('base64url');
/**
 * The browser's random HttpOnly id (BROWSER_COOKIE), or a new one for a browser without it (signed in before the cookie
 * existed: it shares with no earlier request, which is right). The readable visitor uuid above is no secret (any script, or
 * a `?uuid=` link, sets it), so it cannot tell this browser from someone else holding its old refresh token.
 */
const browserIdOf = (cookies: AstroCookies): string => {
  const raw = cookies.get(BROWSER_COOKIE)?.value ?? '';
  return /^[A-Za-z0-9_-]{22}$/.test(raw) ? raw : newBrowserId();
};

/** The browser id lives as long as the session can be renewed, and is renewed with it. */
function setBrowserCookie(cookies: AstroCookies, id: string, secure: boolean, expires: number): void {
  cookies.set(BROWSER_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: new Date(expires) });
}

const tokensOf = (r: LoginResult): Tokens => ({
  access: r.token,
  accessExpires: r.tokenExpires,
  refresh: r.refreshToken,
  refreshExpires: r.refreshTokenExpires,
});
const profileOf = (u: User): Profile => ({ uid: u.uid, phone: u.phone, username: u.username });

/** Makes the tokens the session: HttpOnly token cookies plus the readable profile. */
async function establish(cookies: AstroCookies, t: Tokens, secure: boolean, sellerUrl: string): Promise<LoginOutcome> {
  const [user, notice] = await Promise.all([apiFor(t.access).call(auth.userInfo), signInNotice(t.access)]);
  setTokenCookies(cookies, t, secure);
  setProfileCookie(cookies, profileOf(user), t.refreshExpires, secure);
  // A new id at each login, so an id planted before it (a cookie set from a sibling domain) is not the one that shares.
  setBrowserCookie(cookies, newBrowserId(), secure, t.refreshExpires);
  cookies.delete(PENDING_COOKIE, { path: '/' });
  // A sign-in is the browser's session from now on: a punchout running here ends, and a session it put aside is no one's.
  cookies.delete(PUNCHOUT_COOKIE, { path: '/' });
  forgetSessionAside(cookies);
  return { privacyState: 'y', profile: profileOf(user), seller: user.have_shop === 1 && sellerUrl ? sellerUrl : null, notice };
}

/** After a successful login call: privacy accepted means a session now; otherwise the tokens wait for the notice (docs/product.md §4). */
export async function completeLogin(cookies: AstroCookies, result: LoginResult, secure: boolean, sellerUrl: string): Promise<LoginOutcome> {
  const t = tokensOf(result);
  if (result.privacyState === 'y') return establish(cookies, t, secure, sellerUrl);
  clearSessionCookies(cookies);
  forgetSessionAside(cookies);
  setPendingCookie(cookies, t, secure);
  return { privacyState: 'n', profile: null, seller: null };
}

/** Confirms the privacy notice for the pending login, then makes it the session. */
export async function confirmPendingLogin(
  cookies: AstroCookies,
  privacyIds: number[],
  now: string,
  secure: boolean,
  sellerUrl: string,
): Promise<LoginOutcome> {
  const t = readPendingCookie(cookies);
  if (!t) throw new ApiError('business', 'session.privacy', 401, SESSION_EXPIRED_TEXT);
  await apiFor(t.access).call(auth.privacyConfirm, {
    input: { wsPrivacyLogList: privacyIds.map((privacyId) => ({ privacyId, createDate: now })) },
  });
  return establish(cookies, t, secure, sellerUrl);
}

/** Cancelling the privacy notice: the pending tokens are ended at the backend and forgotten. */
export async function cancelPendingLogin(cookies: AstroCookies): Promise<void> {
  const t = readPendingCookie(cookies);
  cookies.delete(PENDING_COOKIE, { path: '/' });
  if (t)
    await apiFor(t.access)
      .call(auth.logout)
      .catch(() => undefined);
}

// One refresh per refresh token and browser: concurrent callers of one browser (parallel proxied calls, other tabs) share
// the one in flight and, for a short while after, its result, since the backend rotates the token and a second use would
// end the session. Keyed by the browser's HttpOnly id too, so someone else presenting the same old token gets nothing shared:
// their call goes to the backend, which ends the session for a reuse (docs/sandbox.md, refresh-token reuse).
const refreshes = new Map<string, Promise<Tokens | null>>();
const SHARE_MS = 10_000;

/** Renews the tokens with the refresh cookie; null (and cleared cookies) when the session is over. */
export async function refreshTokens(cookies: AstroCookies, secure: boolean): Promise<Tokens | null> {
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (!refresh) return null;
  const browser = browserIdOf(cookies);
  const key = `${refresh} ${browser}`;
  let pending = refreshes.get(key);
  if (!pending) {
    pending = apiFor(undefined, visitorOf(cookies))
      .call(auth.refresh, { input: { refresh_token: refresh } })
      .then(
        (r): Tokens => ({
          access: r.accessToken,
          accessExpires: r.accessTokenExpires,
          refresh: r.refreshToken,
          refreshExpires: r.refreshTokenExpires,
        }),
        (e: unknown) => {
          if (e instanceof ApiError && e.kind === 'business') return null;
          throw e;
        },
      );
    refreshes.set(key, pending);
    const forget = () => setTimeout(() => refreshes.delete(key), SHARE_MS).unref?.();
    pending.then(forget, () => refreshes.delete(key));
  }
  const t = await pending;
  if (t) {
    setTokenCookies(cookies, t, secure);
    setBrowserCookie(cookies, browser, secure, t.refreshExpires);
  } else clearSessionCookies(cookies);
  return t;
}

/** The access token to act with: the cookie's, else a renewed one when only the refresh cookie is left (it outlives the access cookie). */
export async function currentAccessToken(cookies: AstroCookies, secure: boolean): Promise<string | null> {
  const token = cookies.get(ACCESS_COOKIE)?.value?.trim();
  if (token) return token;
  if (!cookies.get(REFRESH_COOKIE)?.value) return null;
  const t = await refreshTokens(cookies, secure).catch(() => null);
  return t?.access ?? null;
}

/**
 * Puts the browser's own session aside as a punchout starts (docs/punchout.md "Two sessions, one browser"): renewed first, so
 * what is kept carries its tokens' real expiries; `profile` is the request's (the middleware's `locals.profile`). False when
 * the browser holds no session that can be renewed.
 */
export async function putSessionAside(cookies: AstroCookies, profile: Profile | null, secure: boolean): Promise<boolean> {
  if (!cookies.get(REFRESH_COOKIE)?.value) return false;
  const tokens = await refreshTokens(cookies, secure).catch(() => null);
  if (!tokens) return false;
  setSessionAside(cookies, { tokens, profile }, secure);
  return true;
}
