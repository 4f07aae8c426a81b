/** Who is browsing, as far as the page may know: the display profile from the readable cookie (tokens stay HttpOnly). */
import { atom } from 'nanostores';
import { readCookie } from '../lib/cookies.ts';
import { PROFILE_COOKIE } from '../lib/session/cookies.ts';
import { parseProfile, type Profile } from '../lib/session/profile.ts';

export const $profile = atom<Profile | null>(null);

/** Reads the profile cookie into the store (called once by the chrome script). */
export function loadProfile(cookieHeader: string): Profile | null {
  const profile = parseProfile(readCookie(cookieHeader, PROFILE_COOKIE));
  $profile.set(profile);
  return profile;
}
