/** The privacy domain end to end in the in-process sandbox: sign-ins recorded, the one-time copy, blockers, deletion with SMS and cooling-off, erasure that leaves the phone nowhere. */
import { expect, it, vi } from 'vitest';

// Each login hashes a password (scrypt): on a busy machine a test of many logins needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });
import { auth } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { privacy } from '#src/shared/api/contract/privacy.ts';
import { encryptCredential as enc } from '#sandbox/rsa.ts';
import { captchaAnswer } from '#tests/support/member.ts';
import { failure, SANDBOX_ORIGIN, useSandbox } from '#tests/support/sandbox.ts';
import { createApi } from '#src/shared/api/client.ts';
import { API_BASES, type ApiBase } from '#src/shared/api/contract/core.ts';

let clock = Date.UTC(2026, 10, 27, 2, 0, 0);
const { hook, raw } = useSandbox(() => clock);
// The support client gives up after 2 s; a login (scrypt) on a machine this busy can take longer, so these calls wait 20 s.
const bases = Object.fromEntries(API_BASES.map((b) => [b, SANDBOX_ORIGIN])) as Record<ApiBase, string>;
const client = (token?: () => string | undefined) => createApi({ bases, timeoutMs: 20_000, token });
const PHONE = '15700157001';
const PASSWORD = 'Argon#2026';
const DAY = 24 * 3600_000;

async function login(phone = PHONE, password = PASSWORD) {
  const { uuid } = await client().call(common.captcha);
  return client().call(auth.login, {
    input: { username: enc(phone), password: enc(password), spread: '', uuid, code: await captchaAnswer(raw, uuid) },
  });
}
const as = (token: string) => client(() => token);
const scan = async (q: string) =>
  ((await raw(`/__sandbox/privacy/scan?q=${q}`)).body.data as { hits: { table: string; column: string }[] }).hits;
const smsCode = async (phone = PHONE) => ((await raw(`/__sandbox/sms?phone=${phone}`)).body.data as { code: string }).code;

it('records each sign-in, marks the current one, and signs out everywhere else', async () => {
  await hook('/users', { phone: PHONE, password: PASSWORD });
  const a = await login();
  clock += 1000;
  const b = await login();
  const list = await as(b.token).call(privacy.signIns);
  expect(list).toHaveLength(2);
  expect(list[0]).toMatchObject({ way: 'PASSWORD', current: true, active: true });
  expect(list[1]).toMatchObject({ current: false, active: true });
  expect(await as(b.token).call(privacy.signOutOthers)).toEqual({ ended: 1 });
  expect(await failure(as(a.token).call(privacy.signIns))).toBe('登录过期，请重新登录');
  expect((await as(b.token).call(privacy.signIns))[1]!.active).toBe(false);
});

it('keeps the last 20 sign-ins only', async () => {
  await hook('/users', { phone: PHONE, password: PASSWORD });
  let t = '';
  for (let i = 0; i < 21; i++) {
    clock += 1000;
    t = (await login()).token;
  }
  expect(await as(t).call(privacy.signIns)).toHaveLength(20);
}, 60_000);

it("gives a copy through a one-time token of the member's own, and never to another member", async () => {
  await hook('/users', { phone: PHONE, password: PASSWORD });
  const me = await login();
  await as(me.token).call(member.saveAddress, {
    input: {
      name: '钱工',
      phone: '13700137001',
      regionIds: [320000, 320200, 320211, 320211001000],
      regionText: '江苏省 无锡市 滨湖区 河埒街道',
      detail: '蠡湖大道 99 号',
    },
  });
  const other = await login('13800138000', 'Gas@2026pass');
  const { token } = await as(me.token).call(privacy.exportLink);
  expect(await failure(as(other.token).call(privacy.exportData, { params: { token } }))).toBe('下载链接无效或已过期');
  const data = await as(me.token).call(privacy.exportData, { params: { token } });
  expect(data.profile.phone).toBe(PHONE);
  expect(data.sections.find((s) => s.key === 'addresses')!.rows[0]).toMatchObject({ detail: '蠡湖大道 99 号' });
  expect(data.sections.find((s) => s.key === 'signIns')!.rows).toHaveLength(1);
  expect(await failure(as(me.token).call(privacy.exportData, { params: { token } }))).toBe('下载链接无效或已过期');
  const late = await as(me.token).call(privacy.exportLink);
  clock += 11 * 60_000;
  expect(await failure(as(me.token).call(privacy.exportData, { params: { token: late.token } }))).toBe('下载链接无效或已过期');
});

it("names the demo member's blockers and refuses the request", async () => {
  const demo = await login('13800138000', 'Gas@2026pass');
  const check = await as(demo.token).call(privacy.deletionCheck);
  const kinds = check.blockers.map((b) => b.kind);
  expect(kinds).toContain('CYLINDERS');
  expect(kinds).toContain('ORDERS');
  expect(check.blockers.every((b) => b.link.startsWith('/member/'))).toBe(true);
  await as(demo.token).call(privacy.deletionCode);
  const msg = await failure(as(demo.token).call(privacy.requestDeletion, { input: { code: await smsCode('13800138000') } }));
  expect(msg).toMatch(/^账户暂不能注销：.*钢瓶/);
  expect((await as(demo.token).call(privacy.status)).deletion.status).toBe('NONE');
});

it('confirms by SMS (rate-limited), cancels on sign-in with a notice, and erases the member when due', async () => {
  await hook('/users', { phone: PHONE, password: PASSWORD });
  let me = await login();
  await as(me.token).call(member.saveAddress, {
    input: {
      name: '孙工',
      phone: PHONE,
      regionIds: [320000, 320200, 320211, 320211001000],
      regionText: '江苏省 无锡市 滨湖区 河埒街道',
      detail: '太湖大道 1 号',
    },
  });
  await as(me.token).call(privacy.deletionCode);
  expect(await failure(as(me.token).call(privacy.deletionCode))).toBe('发送过于频繁，请60秒后再试');
  expect(
    await failure(as(me.token).call(privacy.requestDeletion, { input: { code: '000000' === (await smsCode()) ? '111111' : '000000' } })),
  ).toBe('验证码错误或已过期');
  const pending = await as(me.token).call(privacy.requestDeletion, { input: { code: await smsCode() } });
  expect(pending.status).toBe('PENDING');
  expect(pending.dueAt! - pending.requestedAt!).toBe(15 * DAY);
  // Every session ended with the request.
  expect(await failure(as(me.token).call(auth.userInfo))).toBe('登录过期，请重新登录');

  // Signing in during the cooling-off cancels it, and says so once.
  clock += DAY;
  me = await login();
  expect((await as(me.token).call(privacy.status)).deletion).toMatchObject({ status: 'CANCELLED' });
  expect((await as(me.token).call(privacy.takeNotice)).message).toMatch(/注销申请已撤销/);
  expect((await as(me.token).call(privacy.takeNotice)).message).toBeNull();

  clock += 61_000;
  await as(me.token).call(privacy.deletionCode);
  await as(me.token).call(privacy.requestDeletion, { input: { code: await smsCode() } });
  expect((await hook('/privacy/run-due', { at: clock + 14 * DAY })).body.data).toEqual({ done: 0 });
  expect((await scan(PHONE)).length).toBeGreaterThan(0);
  expect((await hook('/privacy/run-due', { at: clock + 15 * DAY })).body.data).toEqual({ done: 1 });
  expect(await scan(PHONE)).toEqual([]);
  expect(await scan('太湖大道')).toEqual([]);
  expect(await failure(login())).toBe('账号或密码错误');
  // Typing the erased phone at the login leaves no trace of it either (the failed-login guard is keyed by a hash).
  expect(await scan(PHONE)).toEqual([]);
});
