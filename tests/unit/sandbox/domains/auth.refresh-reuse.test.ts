/** Refresh-token reuse (docs/security.md): a refresh token already rotated away ends its session, but for the same visitor's parallel renewals within the 10 s grace. */
import { describe, expect, it } from 'vitest';
import type { RefreshResult } from '#src/shared/api/contract/auth.ts';
import { auth } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { encryptCredential as enc } from '#sandbox/rsa.ts';
import { captchaAnswer, DEMO_MEMBER } from '#tests/support/member.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

// The sandbox reads this clock, so the grace is crossed without waiting.
let clock = Date.UTC(2026, 2, 2, 2, 0, 0);
const { client, raw } = useSandbox(() => clock);
const GRACE_MS = 10_000;
const EXPIRED = { status: 401, msg: '登录过期，请重新登录', data: null };

type Answer = { status: number; msg: string; data: unknown };
const post = async (path: string, body: unknown, visitor?: string): Promise<Answer> =>
  (
    await raw(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(visitor ? { uuid: visitor } : {}) },
      body: JSON.stringify(body),
    })
  ).body;

/** A login of the demo member bound to `visitor` (the shop forwards the browser's visitor uuid): its tokens. */
async function login(visitor?: string) {
  const { uuid } = await client().call(common.captcha);
  const code = await captchaAnswer(raw, uuid);
  const r = await post(
    '/login',
    { username: enc(DEMO_MEMBER.phone), password: enc(DEMO_MEMBER.password), spread: '', uuid, code },
    visitor,
  );
  return r.data as { token: string; refreshToken: string };
}
const renew = (refresh_token: string, visitor?: string) => post('/passport/token', { refresh_token }, visitor);
/** Whether an access token still acts for the member. */
const acts = async (access: string) =>
  await client(() => access)
    .call(auth.userInfo)
    .then(
      () => true,
      () => false,
    );
const refreshes = async () =>
  ((await raw(`/__sandbox/sessions/refreshes?phone=${DEMO_MEMBER.phone}`)).body.data as { count: number }).count;

describe('a reused refresh token', () => {
  it('past the grace answers 401 and ends the session: the pair the rotation gave stops working', async () => {
    const first = await login('visitor-a');
    const next = (await renew(first.refreshToken, 'visitor-a')).data as RefreshResult;
    expect(await acts(next.accessToken)).toBe(true);

    clock += GRACE_MS;
    expect(await renew(first.refreshToken, 'visitor-a')).toEqual(EXPIRED);
    expect(await acts(next.accessToken)).toBe(false);
    expect(await renew(next.refreshToken, 'visitor-a')).toEqual(EXPIRED);
  });

  it('within the grace, from the same visitor, answers the same pair again (parallel tabs), not counted as a refresh', async () => {
    const first = await login('visitor-a');
    const next = await renew(first.refreshToken, 'visitor-a');
    clock += GRACE_MS - 1;
    const again = await renew(first.refreshToken, 'visitor-a');
    expect(again).toEqual(next);
    expect(await refreshes()).toBe(1);
    const pair = again.data as RefreshResult;
    expect(await acts(pair.accessToken)).toBe(true);
    expect((await renew(pair.refreshToken, 'visitor-a')).status).toBe(200);
  });

  it('within the grace, from another visitor or none, is refused and ends the session', async () => {
    for (const other of ['visitor-b', undefined]) {
      const first = await login('visitor-a');
      const next = (await renew(first.refreshToken, 'visitor-a')).data as RefreshResult;
      expect(await renew(first.refreshToken, other)).toEqual(EXPIRED);
      expect(await acts(next.accessToken)).toBe(false);
      // Nor does the member's own browser get the pair once the session has ended.
      expect(await renew(first.refreshToken, 'visitor-a')).toEqual(EXPIRED);
      expect(await renew(next.refreshToken, 'visitor-a')).toEqual(EXPIRED);
    }
  });

  it('an older one (two rotations back) ends the session too, and only that login: another sign-in of the member goes on', async () => {
    const other = await login('visitor-c');
    const first = await login('visitor-a');
    const second = (await renew(first.refreshToken, 'visitor-a')).data as RefreshResult;
    clock += 1000;
    const third = (await renew(second.refreshToken, 'visitor-a')).data as RefreshResult;
    expect(await renew(first.refreshToken, 'visitor-a')).toEqual(EXPIRED);
    expect(await acts(third.accessToken)).toBe(false);
    expect(await acts(other.token)).toBe(true);
    expect((await renew(other.refreshToken, 'visitor-c')).status).toBe(200);
  });

  it('a session without a visitor has no grace: an immediate reuse ends it', async () => {
    const first = await login();
    const next = (await renew(first.refreshToken)).data as RefreshResult;
    expect(await renew(first.refreshToken)).toEqual(EXPIRED);
    expect(await acts(next.accessToken)).toBe(false);
  });

  it('an unknown token is refused alone', async () => {
    const first = await login('visitor-a');
    expect(await renew('not-a-token', 'visitor-a')).toEqual(EXPIRED);
    expect(await acts(first.token)).toBe(true);
  });
});
