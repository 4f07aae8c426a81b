/** Setting and clearing the session cookies: tokens HttpOnly + Secure (over https) + SameSite=Lax, expiring with the token (docs/architecture.md §5). */
import type { AstroCookies } from 'astro';
import { ACCESS_COOKIE, ASIDE_COOKIE, PENDING_COOKIE, PROFILE_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { SELLER_KEYS } from './seller.ts';
import { parseProfile, profileCookieValue, type Profile } from '#src/boot/profile.ts';

/** A pair of tokens with their expiries (epoch ms), as login and refresh answer them. */
export interface Tokens {
  access: string;
  accessExpires: number;
  refresh: string;
  refreshExpires: number;
}

const PENDING_MS = 10 * 60 * 1000;

export function setTokenCookies(cookies: AstroCookies, t: Tokens, secure: boolean): void {
  const base = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  cookies.set(ACCESS_COOKIE, t.access, { ...base, expires: new Date(t.accessExpires) });
  cookies.set(REFRESH_COOKIE, t.refresh, { ...base, expires: new Date(t.refreshExpires) });
}

/** The readable display cookie lives as long as the session can be renewed. */
export function setProfileCookie(cookies: AstroCookies, profile: Profile, expires: number, secure: boolean): void {
  cookies.set(PROFILE_COOKIE, profileCookieValue(profile), {
    path: '/',
    sameSite: 'lax',
    secure,
    expires: new Date(expires),
    encode: (v) => v,
  });
}

/** Keeps a login's tokens aside until the privacy notice is confirmed. */
export function setPendingCookie(cookies: AstroCookies, t: Tokens, secure: boolean): void {
  cookies.set(PENDING_COOKIE, JSON.stringify(t), { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: PENDING_MS / 1000 });
}

/** A token pair read back from one of our own HttpOnly cookies, or null when it is not one. */
function tokensFrom(t: Partial<Tokens> | undefined): Tokens | null {
  if (
    !t ||
    typeof t.access !== 'string' ||
    typeof t.refresh !== 'string' ||
    typeof t.accessExpires !== 'number' ||
    typeof t.refreshExpires !== 'number'
  )
    return null;
  return { access: t.access, accessExpires: t.accessExpires, refresh: t.refresh, refreshExpires: t.refreshExpires };
}

export function readPendingCookie(cookies: AstroCookies): Tokens | null {
  try {
    return tokensFrom(cookies.get(PENDING_COOKIE)?.json() as Partial<Tokens> | undefined);
  } catch {
    return null;
  }
}

/** The shop's own session while a punchout runs in the browser: its tokens (with their expiries) and its display profile. */
export interface SessionAside {
  tokens: Tokens;
  profile: Profile | null;
}

/**
 * Puts the shop's session aside (a punchout starts in this browser): one HttpOnly cookie, living as long as its refresh
 * token, so the token cookies can carry the punchout member's session meanwhile (docs/punchout.md "Two sessions, one browser").
 */
export function setSessionAside(cookies: AstroCookies, aside: SessionAside, secure: boolean): void {
  const value = { t: aside.tokens, p: aside.profile ? profileCookieValue(aside.profile) : null };
  cookies.set(ASIDE_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: new Date(aside.tokens.refreshExpires) });
}

/** The session put aside, or null (none, unreadable, or its refresh token already expired). */
export function readSessionAside(cookies: AstroCookies, now: number): SessionAside | null {
  try {
    const v = cookies.get(ASIDE_COOKIE)?.json() as { t?: Partial<Tokens>; p?: unknown } | undefined;
    const tokens = tokensFrom(v?.t);
    if (!tokens || tokens.refreshExpires <= now) return null;
    return { tokens, profile: typeof v?.p === 'string' ? parseProfile(v.p) : null };
  } catch {
    return null;
  }
}

/** Forgets a session put aside: a sign-out or a new sign-in in this browser makes it no one's to take back. */
export const forgetSessionAside = (cookies: AstroCookies): void => cookies.delete(ASIDE_COOKIE, { path: '/' });

/**
 * Takes the session put aside back as the browser's session (replacing whatever token cookies are there: the punchout
 * member's); an access token already expired is left out, so the next use renews the pair from the refresh token.
 * Answers whether there was one to take back.
 */
export function takeSessionBack(cookies: AstroCookies, secure: boolean, now: number): boolean {
  const aside = readSessionAside(cookies, now);
  forgetSessionAside(cookies);
  if (!aside) return false;
  setTokenCookies(cookies, aside.tokens, secure);
  if (aside.tokens.accessExpires <= now) cookies.delete(ACCESS_COOKIE, { path: '/' });
  if (aside.profile) setProfileCookie(cookies, aside.profile, aside.tokens.refreshExpires, secure);
  else cookies.delete(PROFILE_COOKIE, { path: '/' });
  return true;
}

/**
 * Ends the browser's session: sign-out, a new sign-in, a renewal that failed (a punchout's session goes with it). A session
 * put aside for a punchout stays (a punchout member's failed renewal gives it back); sign-out and sign-in forget it too.
 */
export function clearSessionCookies(cookies: AstroCookies): void {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, PROFILE_COOKIE, PENDING_COOKIE, PUNCHOUT_COOKIE, ...SELLER_KEYS])
    cookies.delete(name, { path: '/' });
}
