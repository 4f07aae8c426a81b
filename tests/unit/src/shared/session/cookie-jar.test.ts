// Ending a session (src/shared/session/cookie-jar.ts) ends a punchout's with it: after a sign-out or another sign-in in the
// same browser, no punchout cookie is left to give the next member's pages the procurement system's bar and frame policy.
import type { AstroCookies } from 'astro';
import { expect, it } from 'vitest';
import { ACCESS_COOKIE, PENDING_COOKIE, PROFILE_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { clearSessionCookies } from '#src/shared/session/cookie-jar.ts';

it('deletes the tokens, the profile, a pending login and the punchout session', () => {
  const deleted: string[] = [];
  const cookies = { delete: (name: string) => deleted.push(name) } as unknown as AstroCookies;
  clearSessionCookies(cookies);
  expect(deleted).toEqual(expect.arrayContaining([ACCESS_COOKIE, REFRESH_COOKIE, PROFILE_COOKIE, PENDING_COOKIE, PUNCHOUT_COOKIE]));
});
