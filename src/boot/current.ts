/**
 * "Who is signed in" in the browser: the one holder of the answer. It is read from the readable profile cookie when the boot
 * script starts, then changed only by a sign-in, a sign-out, or a re-read where another tab may have changed the cookie. The
 * header's boot script (chrome.ts) reads it here, and `$profile` (src/shared/session/session.ts) is its store for the stores
 * and islands. Both share this module: every module in src/boot/ is in the boot script's own chunk (build/light-chrome.ts).
 * Small, and no store: it is on every page (docs/light-pages.md).
 */
import { readCookie } from './readable-cookies.ts';
import { PROFILE_COOKIE } from './cookies.ts';
import { parseProfile, type Profile } from './profile.ts';

const profileOf = (cookieHeader: string): Profile | null => parseProfile(readCookie(cookieHeader, PROFILE_COOKIE));

/** Window event fired when "who is signed in" changes (detail: the profile or null): the header repaints, `$profile` follows. */
export const PROFILE_EVENT = 'gas:profile';

// Null until the boot script reads the cookie (recheckProfile) as the page's scripts start, and always on the server, where
// each request has its own cookie (the middleware reads it into locals.profile).
let current: Profile | null = null;

/** Who is signed in on this page (null: a visitor). */
export const currentProfile = (): Profile | null => current;

/** A sign-in (the member's profile) or a sign-out (null) on this page; a change of member fires PROFILE_EVENT. */
export function setCurrentProfile(p: Profile | null): void {
  // The same member is no change: a re-read of an unchanged cookie tells nobody.
  if (p?.uid === current?.uid) return;
  current = p;
  dispatchEvent(new CustomEvent(PROFILE_EVENT, { detail: p }));
}

/** Reads the cookie (at boot; again where another tab may have signed in or out) and answers who is signed in now. */
export const recheckProfile = (): Profile | null => (setCurrentProfile(profileOf(document.cookie)), current);
