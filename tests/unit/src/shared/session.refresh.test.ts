/** The shop's token refresh (session.server.ts) against the in-process sandbox: a refreshed pair is shared only with requests of the same browser (its HttpOnly id), never with someone else presenting the old refresh token. */
import type { AstroCookies } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { auth, type LoginResult } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { BROWSER_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';
import { completeLogin, refreshTokens } from '#src/shared/session/session.server.ts';
import { VISITOR_COOKIE } from '#src/boot/chrome-rules.ts';
import { encryptCredential as enc } from '#sandbox/rsa.ts';
import { captchaAnswer, DEMO_MEMBER } from '#tests/support/member.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

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

interface Set {
  value: string;
  options?: { httpOnly?: boolean; expires?: Date };
}

/** A request's cookies as Astro gives them: the ones the browser sent, and what the answer sets (an empty value deletes). */
function jar(sent: Record<string, string>) {
  const values = new Map(Object.entries(sent));
  const set = new Map<string, Set>();
  const cookies = {
    get: (name: string) =>
      values.has(name) ? { value: values.get(name)!, json: () => JSON.parse(values.get(name)!) as unknown } : undefined,
    has: (name: string) => values.has(name),
    set: (name: string, value: string, options?: Set['options']) => {
      values.set(name, value);
      set.set(name, { value, options });
    },
    delete: (name: string) => {
      values.delete(name);
      set.set(name, { value: '' });
    },
  };
  return { cookies: cookies as unknown as AstroCookies, set };
}

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
});
