/** Accounts and sessions of the sandbox through the real client: captcha, SMS codes, lockout, token rotation, register and password rules. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '#src/shared/api/client.ts';
import { auth, type SmsType } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { users } from '#sandbox/domains/auth.ts';
import { encryptCredential as enc } from '#sandbox/rsa.ts';
import { captchaAnswer, DEMO_MEMBER, DEMO_MEMBER_NO_COMPANY, memberToken } from '#tests/support/member.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

// The sandboxes read this clock, so time-driven rules (windows, lockout, expiry) are tested without waiting.
let clock = Date.UTC(2026, 2, 2, 2, 0, 0);
const { client, raw, sandbox } = useSandbox(() => clock);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NEW_PHONE = '13700137000';
const STRONG = 'New#Pass2026';
const ALL_PRIVACY = [1, 2, 3].map((privacyId) => ({ privacyId, createDate: '2026-03-02 10:00:00' }));
const later = (ms: number) => {
  clock += ms;
};

/** The rejection of a call: a business error with the server's status and msg. */
async function failure(call: Promise<unknown>): Promise<{ status: number; msg: string }> {
  const e = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).kind).toBe('business');
  return { status: (e as ApiError).status, msg: (e as ApiError).message };
}

async function captcha() {
  const { uuid } = await client().call(common.captcha);
  return { uuid, code: await captchaAnswer(raw, uuid) };
}

async function login(phone: string, password: string, over: Partial<{ uuid: string; code: string; username: string }> = {}) {
  return client().call(auth.login, { input: { username: enc(phone), password: enc(password), spread: '', ...(await captcha()), ...over } });
}

async function sendSms(phone: string, type: SmsType): Promise<string> {
  await client().call(auth.smsSend, { input: { phone, type } });
  return ((await raw(`/__sandbox/sms?phone=${phone}`)).body.data as { code: string }).code;
}

const as = (token: string): Api => client(() => token);

function register(over: Partial<{ account: string; password: string; captcha: string; wsPrivacyLogList: typeof ALL_PRIVACY }> = {}) {
  return client().call(auth.register, {
    input: { account: enc(NEW_PHONE), password: enc(STRONG), captcha: '000000', wsPrivacyLogList: ALL_PRIVACY, ...over },
  });
}

afterEach(() => {
  delete process.env.SANDBOX_ACCESS_TTL_S;
});

describe('image captcha on login', () => {
  it('logs the demo member in and shows the masked phone in user info', async () => {
    const r = await login(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    expect(r.privacyState).toBe('y');
    expect(r.tokenExpires).toBe(clock + 7200 * SECOND);
    expect(r.refreshTokenExpires).toBe(clock + 604800 * SECOND);
    const me = await as(r.token).call(auth.userInfo);
    expect(me).toMatchObject({
      uid: 1,
      phone: '138****8000',
      username: '上海华测分析仪器有限公司采购部',
      companyVerified: 1,
      have_shop: 0,
    });
    expect(typeof me.birthday).toBe('number');
  });

  it('takes the access lifetime from SANDBOX_ACCESS_TTL_S', async () => {
    process.env.SANDBOX_ACCESS_TTL_S = '60';
    const r = await login(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    expect(r.tokenExpires).toBe(clock + 60 * SECOND);
  });

  it('spends a captcha on its first use, right or wrong', async () => {
    const c = await captcha();
    await login(DEMO_MEMBER.phone, DEMO_MEMBER.password, c);
    expect(await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password, c))).toEqual({ status: 400, msg: '验证码已过期，请刷新' });

    const d = await captcha();
    const wrong = d.code === 'AAAA' ? 'BBBB' : 'AAAA';
    expect((await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password, { uuid: d.uuid, code: wrong }))).msg).toBe('验证码错误');
    expect((await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password, d))).msg).toBe('验证码已过期，请刷新');
  });

  it('accepts the answer in lower case and refuses it after 5 minutes', async () => {
    const c = await captcha();
    await login(DEMO_MEMBER.phone, DEMO_MEMBER.password, { ...c, code: c.code.toLowerCase() });
    const d = await captcha();
    later(5 * MINUTE + SECOND);
    expect((await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password, d))).msg).toBe('验证码已过期，请刷新');
  });
});

describe('password login', () => {
  it('answers the same message for a wrong password and an unknown phone', async () => {
    expect((await failure(login(DEMO_MEMBER.phone, 'Wrong#Pass1'))).msg).toBe('账号或密码错误');
    expect((await failure(login('13600136000', DEMO_MEMBER.password))).msg).toBe('账号或密码错误');
  });

  it('refuses credentials that were not encrypted with the sandbox key', async () => {
    expect(
      await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password, { username: Buffer.from('13800138000').toString('base64') })),
    ).toEqual({
      status: 400,
      msg: '账号或密码解密失败',
    });
  });

  it('locks the phone for 15 minutes after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 4; i++) expect((await failure(login(DEMO_MEMBER.phone, 'Wrong#Pass1'))).msg).toBe('账号或密码错误');
    expect((await failure(login(DEMO_MEMBER.phone, 'Wrong#Pass1'))).msg).toBe('密码错误次数过多，请15分钟后再试');
    expect((await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password))).msg).toBe('密码错误次数过多，请15分钟后再试');
    // Another member is not affected.
    await login(DEMO_MEMBER_NO_COMPANY.phone, DEMO_MEMBER_NO_COMPANY.password);
    later(15 * MINUTE + SECOND);
    expect((await login(DEMO_MEMBER.phone, DEMO_MEMBER.password)).token).toBeTruthy();
  });

  it('clears the failure count after a successful login', async () => {
    for (let i = 0; i < 4; i++) await failure(login(DEMO_MEMBER.phone, 'Wrong#Pass1'));
    await login(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    expect((await failure(login(DEMO_MEMBER.phone, 'Wrong#Pass1'))).msg).toBe('账号或密码错误');
  });
});

describe('SMS codes', () => {
  it('validates the phone with the messages of docs/product.md §5', async () => {
    const send = (phone: string) => failure(client().call(auth.smsSend, { input: { phone, type: 'login' } }));
    expect((await send('')).msg).toBe('请输入手机号！');
    expect((await send('1380013800')).msg).toBe('手机号不正确');
    expect((await send('12800138000')).msg).toBe('电话格式错误');
  });

  it('knows which types need a registered phone', async () => {
    const send = (phone: string, type: SmsType) => failure(client().call(auth.smsSend, { input: { phone, type } }));
    expect((await send(DEMO_MEMBER.phone, 'register')).msg).toBe('该手机号已注册');
    expect((await send(DEMO_MEMBER.phone, 'change_phone')).msg).toBe('该手机号已注册');
    expect((await send(NEW_PHONE, 'login')).msg).toBe('该手机号未注册');
    expect((await send(NEW_PHONE, 'reset_password')).msg).toBe('该手机号未注册');
  });

  it('allows one send per phone in 60 seconds and 10 a day', async () => {
    const first = await sendSms(DEMO_MEMBER.phone, 'login');
    expect(first).toMatch(/^\d{6}$/);
    expect(await failure(client().call(auth.smsSend, { input: { phone: DEMO_MEMBER.phone, type: 'login' } }))).toEqual({
      status: 429,
      msg: '发送过于频繁，请60秒后再试',
    });
    // Another phone has its own window.
    await sendSms(DEMO_MEMBER_NO_COMPANY.phone, 'login');
    for (let i = 2; i <= 10; i++) {
      later(61 * SECOND);
      await sendSms(DEMO_MEMBER.phone, 'login');
    }
    later(61 * SECOND);
    expect((await failure(client().call(auth.smsSend, { input: { phone: DEMO_MEMBER.phone, type: 'login' } }))).msg).toBe(
      '今日验证码发送次数已达上限，请明天再试',
    );
  });

  it('logs in with a code once only', async () => {
    const code = await sendSms(DEMO_MEMBER_NO_COMPANY.phone, 'login');
    const r = await client().call(auth.smsLogin, { input: { mobile: DEMO_MEMBER_NO_COMPANY.phone, sms_code: code } });
    expect(r.privacyState).toBe('n');
    expect((await failure(client().call(auth.smsLogin, { input: { mobile: DEMO_MEMBER_NO_COMPANY.phone, sms_code: code } }))).msg).toBe(
      '验证码错误或已过期',
    );
  });

  it('kills a code after 5 wrong tries and after 5 minutes, and keeps it to its type', async () => {
    const smsLogin = (sms_code: string) => client().call(auth.smsLogin, { input: { mobile: DEMO_MEMBER.phone, sms_code } });
    const code = await sendSms(DEMO_MEMBER.phone, 'login');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await failure(smsLogin(wrong))).msg).toBe('验证码错误或已过期');
    expect((await failure(smsLogin(code))).msg).toBe('验证码错误或已过期');

    later(61 * SECOND);
    const late = await sendSms(DEMO_MEMBER.phone, 'login');
    later(5 * MINUTE + SECOND);
    expect((await failure(smsLogin(late))).msg).toBe('验证码错误或已过期');

    const reset = await sendSms(DEMO_MEMBER.phone, 'reset_password');
    expect((await failure(smsLogin(reset))).msg).toBe('验证码错误或已过期');
  });

  it('asks for the code with the docs/product.md §5 message', async () => {
    expect((await failure(client().call(auth.smsLogin, { input: { mobile: DEMO_MEMBER.phone, sms_code: '' } }))).msg).toBe(
      '验证码不能为空',
    );
  });
});

describe('tokens', () => {
  it('rotates the refresh token: the one used is spent', async () => {
    const r = await login(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const next = await client().call(auth.refresh, { input: { refresh_token: r.refreshToken } });
    expect(next.refreshToken).not.toBe(r.refreshToken);
    expect((await as(next.accessToken).call(auth.userInfo)).uid).toBe(1);
    expect(await failure(client().call(auth.refresh, { input: { refresh_token: r.refreshToken } }))).toEqual({
      status: 401,
      msg: '登录过期，请重新登录',
    });
    expect((await failure(as(r.token).call(auth.userInfo))).status).toBe(401);
    expect((await failure(client().call(auth.refresh, { input: { refresh_token: '' } }))).status).toBe(401);
  });

  it('expires access tokens after 2 hours and refresh tokens after 7 days', async () => {
    const r = await login(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    later(7200 * SECOND);
    expect(await failure(as(r.token).call(auth.userInfo))).toEqual({ status: 401, msg: '登录过期，请重新登录' });
    const next = await client().call(auth.refresh, { input: { refresh_token: r.refreshToken } });
    later(604800 * SECOND);
    expect((await failure(client().call(auth.refresh, { input: { refresh_token: next.refreshToken } }))).status).toBe(401);
  });

  it('binds a session to the visitor uuid header it was opened with', async () => {
    const c = await captcha();
    const body = (refresh_token: string) => JSON.stringify({ refresh_token });
    const headers = (uuid: string) => ({ 'content-type': 'application/json', uuid });
    const opened = await raw('/login', {
      method: 'POST',
      headers: headers('visitor-a'),
      body: JSON.stringify({ username: enc(DEMO_MEMBER.phone), password: enc(DEMO_MEMBER.password), spread: '', ...c }),
    });
    const { refreshToken } = opened.body.data as { refreshToken: string };
    expect((await raw('/passport/token', { method: 'POST', headers: headers('visitor-b'), body: body(refreshToken) })).body.status).toBe(
      401,
    );
    const ok = await raw('/passport/token', { method: 'POST', headers: headers('visitor-a'), body: body(refreshToken) });
    expect(ok.body.status).toBe(200);
  });

  it('logout ends the access and the refresh token of that session only', async () => {
    const r = await login(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const other = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    expect(await as(r.token).call(auth.logout)).toBeNull();
    expect((await failure(as(r.token).call(auth.userInfo))).status).toBe(401);
    expect((await failure(client().call(auth.refresh, { input: { refresh_token: r.refreshToken } }))).status).toBe(401);
    expect((await as(other).call(auth.userInfo)).uid).toBe(1);
  });
});

describe('register', () => {
  it('applies the password rules of docs/product.md §5 with their exact messages', async () => {
    expect((await failure(register({ password: enc('') }))).msg).toBe('密码不能为空');
    for (const weak of ['abc12345', 'ABCdefgh!', 'Abc!1'])
      expect((await failure(register({ password: enc(weak) }))).msg).toBe('密码必须包含大小写字母，数字和特殊字符且不小于8位数');
    expect((await failure(register({ password: enc(`Aa1!${'x'.repeat(61)}`) }))).msg).toBe('密码不能超过64位');
    expect((await failure(register({ account: enc('1370013700') }))).msg).toBe('手机号不正确');
    expect((await failure(register({ captcha: '' }))).msg).toBe('验证码不能为空');
    expect((await failure(register({ wsPrivacyLogList: ALL_PRIVACY.slice(0, 2) }))).msg).toBe('请先同意隐私政策！');
    expect((await failure(register())).msg).toBe('验证码错误或已过期');
  });

  it('creates a member that can log in, stores no password and refuses the phone a second time', async () => {
    expect(await client().call(auth.registerVerify, { input: { account: enc(NEW_PHONE) } })).toEqual({ registered: false });
    const { uid } = await register({ captcha: await sendSms(NEW_PHONE, 'register') });
    // After the three seeded members (the third: the second company of docs/prices.md).
    expect(uid).toBe(4);
    const record = users(sandbox().db).find((u) => u.uid === uid)!;
    expect(record.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(users(sandbox().db))).not.toContain(STRONG);
    expect(record.privacyLog).toEqual(ALL_PRIVACY);

    const r = await login(NEW_PHONE, STRONG);
    expect(await as(r.token).call(auth.userInfo)).toMatchObject({ uid, phone: '137****7000', companyVerified: 0, privacyState: 'y' });
    expect(await client().call(auth.registerVerify, { input: { account: enc(NEW_PHONE) } })).toEqual({ registered: true });
    expect((await failure(client().call(auth.smsSend, { input: { phone: NEW_PHONE, type: 'register' } }))).msg).toBe('该手机号已注册');
    expect((await failure(register({ captcha: '123456' }))).msg).toBe('该手机号已注册');
  });
});

describe('password and phone changes', () => {
  it('resets a forgotten password with an SMS code and ends every session', async () => {
    const before = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const code = await sendSms(DEMO_MEMBER.phone, 'reset_password');
    const reset = (password: string, captcha = code) =>
      client().call(auth.resetPassword, { input: { phone: enc(DEMO_MEMBER.phone), password: enc(password), captcha } });
    expect((await failure(reset('weakpassword'))).msg).toBe('密码必须包含大小写字母，数字和特殊字符且不小于8位数');
    expect(await reset(STRONG)).toBeNull();
    expect((await failure(as(before).call(auth.userInfo))).status).toBe(401);
    expect((await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password))).msg).toBe('账号或密码错误');
    expect((await login(DEMO_MEMBER.phone, STRONG)).token).toBeTruthy();
    expect((await failure(reset('Other#Pass2026'))).msg).toBe('验证码错误或已过期');
  });

  it('changes the password with the old one and keeps only the current session', async () => {
    const current = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const other = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const change = (oldPassword: string, password: string) =>
      as(current).call(auth.resetPasswordByOldPwd, { input: { oldPassword: enc(oldPassword), password: enc(password) } });
    expect((await failure(change('Wrong#Pass1', STRONG))).msg).toBe('原密码错误');
    expect((await failure(change(DEMO_MEMBER.password, DEMO_MEMBER.password))).msg).toBe('新密码不能与原密码相同');
    await change(DEMO_MEMBER.password, STRONG);
    expect((await as(current).call(auth.userInfo)).uid).toBe(1);
    expect((await failure(as(other).call(auth.userInfo))).status).toBe(401);
    expect((await login(DEMO_MEMBER.phone, STRONG)).token).toBeTruthy();
  });

  it('moves the account to a new phone proven by a change_phone code', async () => {
    // As the shop is without company buying; with it, the old phone proves itself too (tests/unit/sandbox/domains/company.test.ts).
    await raw('/__sandbox/view-control', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ viewName: 'company_part', isShow: 0 }),
    });
    const token = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const change = (phone: string, captcha: string) => as(token).call(auth.resetPhoneNumber, { input: { phone: enc(phone), captcha } });
    expect((await failure(change(DEMO_MEMBER_NO_COMPANY.phone, '123456'))).msg).toBe('该手机号已注册');
    expect(await change(NEW_PHONE, await sendSms(NEW_PHONE, 'change_phone'))).toEqual({ phone: '137****7000' });
    expect((await as(token).call(auth.userInfo)).phone).toBe('137****7000');
    expect((await login(NEW_PHONE, DEMO_MEMBER.password)).token).toBeTruthy();
    expect((await failure(login(DEMO_MEMBER.phone, DEMO_MEMBER.password))).msg).toBe('账号或密码错误');
  });
});

describe('privacy, protocols and messages', () => {
  it('lists displayed privacy items by sort and needs all of them to confirm', async () => {
    const desc = await client().call(auth.privacyList, { input: { isDisplay: '1', sort: 'sort,desc' } });
    expect(desc.map((p) => p.id)).toEqual([1, 2, 3]);
    const asc = await client().call(auth.privacyList, { input: { isDisplay: '1', sort: 'sort,asc' } });
    expect(asc.map((p) => p.id)).toEqual([3, 2, 1]);

    const r = await login(DEMO_MEMBER_NO_COMPANY.phone, DEMO_MEMBER_NO_COMPANY.password);
    expect(r.privacyState).toBe('n');
    const confirm = (ids: number[]) =>
      as(r.token).call(auth.privacyConfirm, {
        input: { wsPrivacyLogList: ids.map((privacyId) => ({ privacyId, createDate: '2026-03-02 10:00:00' })) },
      });
    expect((await failure(confirm([1, 3]))).msg).toBe('请先同意隐私政策！');
    expect(await confirm([1, 2, 3])).toEqual({ privacyState: 'y' });
    expect((await login(DEMO_MEMBER_NO_COMPANY.phone, DEMO_MEMBER_NO_COMPANY.password)).privacyState).toBe('y');
  });

  it('serves the three protocols in the order of docs/product.md §3', async () => {
    const list = await client().call(auth.protocols);
    expect(list.map((p) => p.title)).toEqual(['华气云商用户注册协议', '法律声明', '注册登录须知']);
    expect(list.every((p) => p.content.startsWith('<'))).toBe(true);
  });

  it('counts unread messages per member and needs a session', async () => {
    const one = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const two = await memberToken(client(), raw, DEMO_MEMBER_NO_COMPANY.phone, DEMO_MEMBER_NO_COMPANY.password);
    expect(await as(one).call(auth.unread)).toEqual({ total: 3 });
    expect(await as(two).call(auth.unread)).toEqual({ total: 0 });
    expect((await failure(client().call(auth.unread))).status).toBe(401);
  });

  it('answers 404 from the SMS hook for a phone that got no code', async () => {
    expect((await raw('/__sandbox/sms?phone=13600136000')).body.status).toBe(404);
  });
});
