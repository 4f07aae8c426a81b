/** The sandbox hooks the account e2e tests rely on: members created directly, tokens expired or revoked early, refreshes counted. */
import { expect, it } from 'vitest';
import { auth } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { encryptCredential as enc } from '#sandbox/rsa.ts';
import { captchaAnswer } from '#tests/support/member.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const { client, hook, raw } = useSandbox();
const PHONE = '15800158000';
const PASSWORD = 'Helium#2026';

async function login(phone = PHONE) {
  const { uuid } = await client().call(common.captcha);
  return client().call(auth.login, {
    input: { username: enc(phone), password: enc(PASSWORD), spread: '', uuid, code: await captchaAnswer(raw, uuid) },
  });
}
const refreshes = async () => ((await raw(`/__sandbox/sessions/refreshes?phone=${PHONE}`)).body.data as { count: number }).count;

it('creates a member with the privacy state asked for, and refuses a weak password or a taken phone', async () => {
  expect((await hook('/users', { phone: PHONE, password: PASSWORD, privacyState: 'n' })).body.status).toBe(200);
  expect((await login()).privacyState).toBe('n');
  expect((await hook('/users', { phone: PHONE, password: PASSWORD })).body.msg).toBe('该手机号已注册');
  expect((await hook('/users', { phone: '15800158001', password: 'weak' })).body.status).toBe(400);
});

it('gives members created at the same moment ids of their own (a shared id shared a cart)', async () => {
  const made = await Promise.all(
    ['15800158010', '15800158011', '15800158012'].map((phone) => hook('/users', { phone, password: PASSWORD })),
  );
  const uids = made.map((r) => (r.body.data as { uid: number }).uid);
  expect(new Set(uids).size).toBe(3);
});

it('expires access tokens (refresh still works, and is counted) or revokes the sessions', async () => {
  await hook('/users', { phone: PHONE, password: PASSWORD });
  const first = await login();
  const me = () => client(() => first.token).call(auth.userInfo);
  expect((await me()).uid).toBeGreaterThan(0);

  await hook('/sessions/expire', { phone: PHONE, what: 'access' });
  expect(await failure(me())).toBe('登录过期，请重新登录');
  expect(await refreshes()).toBe(0);
  const renewed = await client().call(auth.refresh, { input: { refresh_token: first.refreshToken } });
  expect(await refreshes()).toBe(1);
  expect((await client(() => renewed.accessToken).call(auth.userInfo)).uid).toBeGreaterThan(0);

  await hook('/sessions/expire', { phone: PHONE, what: 'refresh' });
  expect(await failure(client().call(auth.refresh, { input: { refresh_token: renewed.refreshToken } }))).toBe('登录过期，请重新登录');
});
