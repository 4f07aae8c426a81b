/** The shop's token refresh (session.server.ts) against the in-process sandbox: a refreshed pair is shared only with requests of the same browser (its HttpOnly id), never with someone else presenting the old refresh token. */
import { describe, expect, it, vi } from 'vitest';
import { auth, type LoginResult } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { ACCESS_COOKIE, ASIDE_COOKIE, BROWSER_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { completeLogin, putSessionAside, refreshTokens } from '#src/shared/session/session.server.ts';
import { readSessionAside, takeSessionBack } from '#src/shared/session/cookie-jar.ts';
import { parseProfile } from '#src/boot/profile.ts';
import { VISITOR_COOKIE } from '#src/boot/chrome-rules.ts';
import { encryptCredential as enc } from '#sandbox/rsa.ts';
import { captchaAnswer, DEMO_MEMBER } from '#tests/support/member.ts';
import { useSandbox } from '#tests/support/sandbox.ts';
import { jar } from '#tests/support/cookies.ts';

// The shop's server client reads its bases from astro:env: point them all at the in-process sandbox (SANDBOX_ORIGIN).
vi.mock('astro:env/server', () => {
  const base = 'http://sandbox.test';
  return {
    API_BASE_ADMIN: base,
    API_BASE_BASE: base,
    API_BASE_BUYER: base,
    API_BASE_MODEL: base,
    API_BASE_SELLER: base,
    API_TIMEOUT_MS: 2000,
  };
});

const { client, raw } = useSandbox();
const VISITOR = 'visitor-aaaa-1111';
const OTHER_VISITOR = 'visitor-bbbb-2222';
const BROWSER_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const BROWSER_B = 'BBBBBBBBBBBBBBBBBBBBBB';

/** The demo member's login through the shop's server client, bound to the browser's visitor uuid as the login endpoint does. */
async function login(): Promise<LoginResult> {
  const { uuid } = await client().call(common.captcha);
  const input = {
    username: enc(DEMO_MEMBER.phone),
    password: enc(DEMO_MEMBER.password),
    spread: '',
    uuid,
    code: await captchaAnswer(raw, uuid),
  };
  return apiFor(undefined, VISITOR).call(auth.login, { input });
}
const acts = (access: string) =>
  client(() => access)
    .call(auth.userInfo)
    .then(
      () => true,
      () => false,
    );
const refreshes = async () =>
  ((await raw(`/__sandbox/sessions/refreshes?phone=${DEMO_MEMBER.phone}`)).body.data as { count: number }).count;

describe('refreshTokens', () => {
  it('shares the renewed pair with the same browser, not with another browser presenting the same old refresh token', async () => {
    const { refreshToken } = await login();
    const browser = (id: string, visitor = VISITOR) =>
      jar({ [REFRESH_COOKIE]: refreshToken, [VISITOR_COOKIE]: visitor, [BROWSER_COOKIE]: id });

    const tab1 = browser(BROWSER_A);
    const tab2 = browser(BROWSER_A);
    const [one, two] = await Promise.all([refreshTokens(tab1.cookies, false), refreshTokens(tab2.cookies, false)]);
    expect(one).not.toBeNull();
    expect(two).toEqual(one);
    expect(await refreshes()).toBe(1);
    // A later request of the same browser, within the sharing time, gets the pair too, without another backend call.
    expect(await refreshTokens(browser(BROWSER_A).cookies, false)).toEqual(one);
    expect(await refreshes()).toBe(1);
    expect(tab1.set.get(BROWSER_COOKIE)).toMatchObject({
      value: BROWSER_A,
      options: { httpOnly: true, expires: new Date(one!.refreshExpires) },
    });

    // Someone else's browser with the old token: nothing shared; the backend takes it for a reuse and ends the session.
    const other = browser(BROWSER_B, OTHER_VISITOR);
    expect(await refreshTokens(other.cookies, false)).toBeNull();
    expect(other.set.get(REFRESH_COOKIE)?.value).toBe('');
    expect(await acts(one!.access)).toBe(false);
  });

  it('shares nothing with a request that carries no browser id', async () => {
    const { refreshToken } = await login();
    const first = await refreshTokens(
      jar({ [REFRESH_COOKIE]: refreshToken, [VISITOR_COOKIE]: VISITOR, [BROWSER_COOKIE]: BROWSER_A }).cookies,
      false,
    );
    expect(first).not.toBeNull();
    const bare = jar({ [REFRESH_COOKIE]: refreshToken });
    expect(await refreshTokens(bare.cookies, false)).toBeNull();
    expect(await acts(first!.access)).toBe(false);
  });
});

describe('completeLogin', () => {
  it('gives the browser a new random HttpOnly id at each login, living as long as the refresh token', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const result = await login();
      const { cookies, set } = jar({ [BROWSER_COOKIE]: BROWSER_A });
      await completeLogin(cookies, result, true, '');
      const id = set.get(BROWSER_COOKIE)!;
      expect(id.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(id.options).toMatchObject({ httpOnly: true, secure: true, sameSite: 'lax', expires: new Date(result.refreshTokenExpires) });
      ids.push(id.value);
    }
    expect(new Set([...ids, BROWSER_A]).size).toBe(3);
  });

  it('ends a punchout running in the browser and forgets a shop session it put aside: the sign-in is the session now', async () => {
    const result = await login();
    const { cookies } = jar({ [PUNCHOUT_COOKIE]: 'a'.repeat(32), [ASIDE_COOKIE]: '{"t":{}}', [ACCESS_COOKIE]: 'po-at' });
    await completeLogin(cookies, result, false, '');
    expect(cookies.has(PUNCHOUT_COOKIE)).toBe(false);
    expect(cookies.has(ASIDE_COOKIE)).toBe(false);
    expect(cookies.get(ACCESS_COOKIE)?.value).toBe(result.token);
  });
});

describe('putSessionAside (a punchout starts in a signed-in browser)', () => {
  it('renews the shop session and keeps the new pair with its real expiries and the profile; taken back, it acts', async () => {
    const { refreshToken } = await login();
    const profile = encodeURIComponent(JSON.stringify({ uid: 1, phone: '138****8000', username: 'demo' }));
    const { cookies } = jar({ [REFRESH_COOKIE]: refreshToken, [VISITOR_COOKIE]: VISITOR, [BROWSER_COOKIE]: BROWSER_A });
    expect(await putSessionAside(cookies, parseProfile(profile), false)).toBe(true);
    const aside = readSessionAside(cookies, Date.now())!;
    expect(aside.profile).toEqual(parseProfile(profile));
    expect(aside.tokens.refresh).not.toBe(refreshToken);
    expect(aside.tokens.accessExpires).toBeGreaterThan(Date.now());
    // The punchout's member takes the token cookies meanwhile; at its end the shop member's pair comes back and works.
    cookies.set(ACCESS_COOKIE, 'po-at');
    expect(takeSessionBack(cookies, false, Date.now())).toBe(true);
    expect(await acts(cookies.get(ACCESS_COOKIE)!.value)).toBe(true);
  });

  it('keeps nothing for a browser without a session that can be renewed', async () => {
    const visitor = jar({ [ACCESS_COOKIE]: 'only-an-access-token' });
    expect(await putSessionAside(visitor.cookies, null, false)).toBe(false);
    const stale = jar({ [REFRESH_COOKIE]: 'no-such-refresh-token', [BROWSER_COOKIE]: BROWSER_A });
    expect(await putSessionAside(stale.cookies, null, false)).toBe(false);
    expect(stale.cookies.has(ASIDE_COOKIE)).toBe(false);
  });
});
