/** Setting and clearing the session cookies: tokens HttpOnly + Secure (over https) + SameSite=Lax, expiring with the token (docs/architecture.md §5). */
import type { AstroCookies } from 'astro';
import { ACCESS_COOKIE, PENDING_COOKIE, PROFILE_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { SELLER_KEYS } from './seller.ts';
import { profileCookieValue, type Profile } from '#src/boot/profile.ts';

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

export function readPendingCookie(cookies: AstroCookies): Tokens | null {
  try {
    const t = cookies.get(PENDING_COOKIE)?.json() as Partial<Tokens> | undefined;
    if (
      !t ||
      typeof t.access !== 'string' ||
      typeof t.refresh !== 'string' ||
      typeof t.accessExpires !== 'number' ||
      typeof t.refreshExpires !== 'number'
    )
      return null;
    return t as Tokens;
  } catch {
    return null;
  }
}

/** Ends the browser's session: sign-out, a new sign-in, a renewal that failed (a punchout's session goes with it). */
export function clearSessionCookies(cookies: AstroCookies): void {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, PROFILE_COOKIE, PENDING_COOKIE, PUNCHOUT_COOKIE, ...SELLER_KEYS])
    cookies.delete(name, { path: '/' });
}
