// The punchout session in the shop (src/features/punchout/session.server.ts): once a punchout is over without 返回采购系统
// (its cookie expired with the session, or a failed renewal ended it), the shop session it put aside comes back on the next
// request; while it runs, the browser stays the punchout's member (docs/punchout.md "Two sessions, one browser").
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE, ASIDE_COOKIE, PUNCHOUT_COOKIE } from '#src/boot/cookies.ts';
import { setSessionAside } from '#src/shared/session/cookie-jar.ts';
import { restoreAfterPunchout } from '#src/features/punchout/session.server.ts';
import { jar } from '#tests/support/cookies.ts';

// The module's server client reads its bases from astro:env (no call is made here).
vi.mock('astro:env/server', () => ({
  API_BASE_ADMIN: 'http://sandbox.test',
  API_BASE_BASE: 'http://sandbox.test',
  API_BASE_BUYER: 'http://sandbox.test',
  API_BASE_MODEL: 'http://sandbox.test',
  API_BASE_SELLER: 'http://sandbox.test',
  API_TIMEOUT_MS: 2000,
}));

const NOW = Date.parse('2026-11-28T12:00:00Z');
const aside = () => {
  const { cookies, values } = jar({});
  const tokens = { access: 'shop-at', accessExpires: NOW + 3600_000, refresh: 'shop-rt', refreshExpires: NOW + 86_400_000 };
  setSessionAside(cookies, { tokens, profile: { uid: 42, phone: '137****0001', username: '' } }, false);
  return values.get(ASIDE_COOKIE)!;
};

describe('restoreAfterPunchout', () => {
  it('leaves a running punchout alone', () => {
    const { cookies } = jar({ [ACCESS_COOKIE]: 'po-at', [PUNCHOUT_COOKIE]: 'a'.repeat(32), [ASIDE_COOKIE]: aside() });
    expect(restoreAfterPunchout(cookies, false, NOW)).toBe(false);
    expect(cookies.get(ACCESS_COOKIE)?.value).toBe('po-at');
  });

  it('gives the shop session back once the punchout cookie is gone', () => {
    const { cookies } = jar({ [ACCESS_COOKIE]: 'po-at', [ASIDE_COOKIE]: aside() });
    expect(restoreAfterPunchout(cookies, false, NOW)).toBe(true);
    expect(cookies.get(ACCESS_COOKIE)?.value).toBe('shop-at');
    expect(cookies.has(ASIDE_COOKIE)).toBe(false);
  });

  it('does nothing for a browser without a session put aside', () => {
    const { cookies, set } = jar({ [ACCESS_COOKIE]: 'shop-at' });
    expect(restoreAfterPunchout(cookies, false, NOW)).toBe(false);
    expect(set.size).toBe(0);
  });
});
