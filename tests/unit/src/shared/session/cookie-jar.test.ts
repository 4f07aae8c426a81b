// The session's cookies (src/shared/session/cookie-jar.ts). Ending a session ends a punchout's with it: after a sign-out or
// another sign-in in the same browser, no punchout cookie is left to give the next member's pages the procurement system's
// bar and frame policy. A shop session put aside for a punchout (docs/punchout.md "Two sessions, one browser") lives in one
// HttpOnly cookie and comes back whole.
import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, ASIDE_COOKIE, PENDING_COOKIE, PROFILE_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { parseProfile } from '#src/boot/profile.ts';
import {
  clearSessionCookies,
  forgetSessionAside,
  readSessionAside,
  setSessionAside,
  takeSessionBack,
} from '#src/shared/session/cookie-jar.ts';
import { jar } from '#tests/support/cookies.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOUR = 3600_000;
const member = {
  tokens: { access: 'shop-at', accessExpires: NOW + 2 * HOUR, refresh: 'shop-rt', refreshExpires: NOW + 7 * 24 * HOUR },
  profile: { uid: 42, phone: '137****0001', username: '' },
};
/** The browser during a punchout: the punchout member's tokens in the token cookies, the shop member's aside. */
function duringPunchout(aside = member) {
  const before = jar({});
  setSessionAside(before.cookies, aside, false);
  return jar({
    [ACCESS_COOKIE]: 'po-at',
    [REFRESH_COOKIE]: 'po-rt',
    [PROFILE_COOKIE]: encodeURIComponent(JSON.stringify({ uid: 6, phone: '136****0060', username: '华芯采购员' })),
    [PUNCHOUT_COOKIE]: 'a'.repeat(32),
    [ASIDE_COOKIE]: before.values.get(ASIDE_COOKIE)!,
  });
}

it('deletes the tokens, the profile, a pending login and the punchout session', () => {
  const deleted: string[] = [];
  const cookies = { delete: (name: string) => deleted.push(name) } as unknown as AstroCookies;
  clearSessionCookies(cookies);
  expect(deleted).toEqual(expect.arrayContaining([ACCESS_COOKIE, REFRESH_COOKIE, PROFILE_COOKIE, PENDING_COOKIE, PUNCHOUT_COOKIE]));
  // The session put aside stays: a punchout member's failed renewal ends the punchout, and the member's own comes back.
  expect(deleted).not.toContain(ASIDE_COOKIE);
});

describe('a shop session put aside for a punchout', () => {
  it('is one HttpOnly cookie living as long as its refresh token', () => {
    const { cookies, set } = jar({});
    setSessionAside(cookies, member, true);
    expect(set.get(ASIDE_COOKIE)?.options).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      expires: new Date(member.tokens.refreshExpires),
    });
    expect(readSessionAside(cookies, NOW)).toEqual(member);
  });

  it('comes back as the token cookies and the profile, replacing the punchout member', () => {
    const { cookies, set } = duringPunchout();
    expect(takeSessionBack(cookies, false, NOW)).toBe(true);
    expect(cookies.get(ACCESS_COOKIE)?.value).toBe('shop-at');
    expect(cookies.get(REFRESH_COOKIE)?.value).toBe('shop-rt');
    expect(parseProfile(cookies.get(PROFILE_COOKIE)?.value)).toEqual(member.profile);
    expect(set.get(ACCESS_COOKIE)?.options).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      expires: new Date(member.tokens.accessExpires),
    });
    expect(set.get(REFRESH_COOKIE)?.options).toMatchObject({ httpOnly: true, expires: new Date(member.tokens.refreshExpires) });
    expect(set.get(PROFILE_COOKIE)?.options).toMatchObject({ expires: new Date(member.tokens.refreshExpires) });
    expect(set.get(ASIDE_COOKIE)?.value).toBe('');
    // Taken back once: a second call finds nothing.
    expect(takeSessionBack(cookies, false, NOW)).toBe(false);
  });

  it('leaves an expired access token out, so the next use renews the pair', () => {
    const { cookies } = duringPunchout();
    expect(takeSessionBack(cookies, false, member.tokens.accessExpires + 1)).toBe(true);
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();
    expect(cookies.get(REFRESH_COOKIE)?.value).toBe('shop-rt');
  });

  it('is gone once its refresh token expired, and never takes a cookie it did not write', () => {
    const late = duringPunchout();
    expect(takeSessionBack(late.cookies, false, member.tokens.refreshExpires)).toBe(false);
    expect(late.cookies.get(ASIDE_COOKIE)).toBeUndefined();
    expect(late.cookies.get(ACCESS_COOKIE)?.value).toBe('po-at');
    for (const forged of ['{"t":{"access":"x"}}', 'not json', JSON.stringify({ t: { ...member.tokens, refreshExpires: 'later' } })]) {
      const { cookies } = jar({ [ACCESS_COOKIE]: 'po-at', [ASIDE_COOKIE]: forged });
      expect(takeSessionBack(cookies, false, NOW), forged).toBe(false);
      expect(cookies.get(ACCESS_COOKIE)?.value).toBe('po-at');
    }
  });

  it("without a profile, the punchout member's profile cookie does not stay", () => {
    const { cookies } = duringPunchout({ ...member, profile: null as never });
    takeSessionBack(cookies, false, NOW);
    expect(cookies.get(PROFILE_COOKIE)).toBeUndefined();
  });

  it('is forgotten at a sign-out', () => {
    const { cookies } = duringPunchout();
    clearSessionCookies(cookies);
    forgetSessionAside(cookies);
    expect(takeSessionBack(cookies, false, NOW)).toBe(false);
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();
  });
});
