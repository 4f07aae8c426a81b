/** The server's half of the session (docs/architecture.md §5): finishing a login into HttpOnly cookies, one token refresh at a time, and reading the session back. */
import type { AstroCookies } from 'astro';
import { apiFor } from '../api/server.ts';
import { auth, type LoginResult, type User } from '../api/contract/auth.ts';
import { ApiError, SESSION_EXPIRED_TEXT } from '../api/errors.ts';
import { VISITOR_COOKIE } from '../site/chrome-rules.ts';
import { clearSessionCookies, readPendingCookie, setPendingCookie, setProfileCookie, setTokenCookies, type Tokens } from './cookie-jar.ts';
import { ACCESS_COOKIE, PENDING_COOKIE, REFRESH_COOKIE } from './cookies.ts';
import type { Profile } from './profile.ts';
import { signInNotice } from '../privacy/client.server.ts';

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

const tokensOf = (r: LoginResult): Tokens => ({ access: r.token, accessExpires: r.tokenExpires, refresh: r.refreshToken, refreshExpires: r.refreshTokenExpires });
const profileOf = (u: User): Profile => ({ uid: u.uid, phone: u.phone, username: u.username });

/** Makes the tokens the session: HttpOnly token cookies plus the readable profile. */
async function establish(cookies: AstroCookies, t: Tokens, secure: boolean, sellerUrl: string): Promise<LoginOutcome> {
  const [user, notice] = await Promise.all([apiFor(t.access).call(auth.userInfo), signInNotice(t.access)]);
  setTokenCookies(cookies, t, secure);
  setProfileCookie(cookies, profileOf(user), t.refreshExpires, secure);
  cookies.delete(PENDING_COOKIE, { path: '/' });
  return { privacyState: 'y', profile: profileOf(user), seller: user.have_shop === 1 && sellerUrl ? sellerUrl : null, notice };
}

/** After a successful login call: privacy accepted means a session now; otherwise the tokens wait for the notice (docs/product.md §4). */
export async function completeLogin(cookies: AstroCookies, result: LoginResult, secure: boolean, sellerUrl: string): Promise<LoginOutcome> {
  const t = tokensOf(result);
  if (result.privacyState === 'y') return establish(cookies, t, secure, sellerUrl);
  clearSessionCookies(cookies);
  setPendingCookie(cookies, t, secure);
  return { privacyState: 'n', profile: null, seller: null };
}

/** Confirms the privacy notice for the pending login, then makes it the session. */
export async function confirmPendingLogin(cookies: AstroCookies, privacyIds: number[], now: string, secure: boolean, sellerUrl: string): Promise<LoginOutcome> {
  const t = readPendingCookie(cookies);
  if (!t) throw new ApiError('business', 'session.privacy', 401, SESSION_EXPIRED_TEXT);
  await apiFor(t.access).call(auth.privacyConfirm, { input: { wsPrivacyLogList: privacyIds.map((privacyId) => ({ privacyId, createDate: now })) } });
  return establish(cookies, t, secure, sellerUrl);
}

/** Cancelling the privacy notice: the pending tokens are ended at the backend and forgotten. */
export async function cancelPendingLogin(cookies: AstroCookies): Promise<void> {
  const t = readPendingCookie(cookies);
  cookies.delete(PENDING_COOKIE, { path: '/' });
  if (t) await apiFor(t.access).call(auth.logout).catch(() => undefined);
}

// One refresh per refresh token: concurrent callers (parallel proxied calls, other tabs) share the one in flight and,
// for a short while after, its result, since the backend rotates the token and a second use would fail.
const refreshes = new Map<string, Promise<Tokens | null>>();
const SHARE_MS = 10_000;

/** Renews the tokens with the refresh cookie; null (and cleared cookies) when the session is over. */
export async function refreshTokens(cookies: AstroCookies, secure: boolean): Promise<Tokens | null> {
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (!refresh) return null;
  let pending = refreshes.get(refresh);
  if (!pending) {
    pending = apiFor(undefined, visitorOf(cookies))
      .call(auth.refresh, { input: { refresh_token: refresh } })
      .then(
        (r): Tokens => ({ access: r.accessToken, accessExpires: r.accessTokenExpires, refresh: r.refreshToken, refreshExpires: r.refreshTokenExpires }),
        (e: unknown) => {
          if (e instanceof ApiError && e.kind === 'business') return null;
          throw e;
        },
      );
    refreshes.set(refresh, pending);
    const forget = () => setTimeout(() => refreshes.delete(refresh), SHARE_MS).unref?.();
    pending.then(forget, () => refreshes.delete(refresh));
  }
  const t = await pending;
  if (t) setTokenCookies(cookies, t, secure);
  else clearSessionCookies(cookies);
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
