/**
 * "Who is signed in", read from the readable profile cookie: the one rule behind `$profile` (stores/session.ts) and the
 * header's boot script (client/chrome.ts), which must greet the member without loading the stores. Kept tiny: it is on every page.
 */
import { readCookie } from './readable-cookies.ts';
import { PROFILE_COOKIE } from './cookies.ts';
import { parseProfile, type Profile } from './profile.ts';

/** The profile a cookie header names, or null. */
export const profileOf = (cookieHeader: string): Profile | null => parseProfile(readCookie(cookieHeader, PROFILE_COOKIE));

/** Window event the profile store fires when "who is signed in" changes (detail: the profile or null): the boot script repaints the header. */
export const PROFILE_EVENT = 'gas:profile';
