/** Setting and clearing the session cookies: tokens HttpOnly + Secure + SameSite=Lax, expiring with the token (DESIGN §5). */
import type { AstroCookies } from 'astro';
import { ACCESS_COOKIE, PROFILE_COOKIE, REFRESH_COOKIE } from './cookies.ts';

export function clearSessionCookies(cookies: AstroCookies): void {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, PROFILE_COOKIE]) cookies.delete(name, { path: '/' });
}
