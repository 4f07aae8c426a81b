import { company } from '#src/shared/api/contract/company.ts';
import { expect } from 'vitest';
import { auth, type SmsType } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { DEMO_MEMBER, DEMO_MEMBER_NO_COMPANY } from '#tests/support/member.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

const NEW_PHONE = '13700137000';
const NEW_PASSWORD = 'New#Pass2026';
const allPrivacy = [1, 2, 3].map((privacyId) => ({ privacyId, createDate: '2026-02-01 10:00:00' }));

/** Sends an SMS code through the real client and reads it back through the sandbox hook. */
async function smsCode(h: Harness, phone: string, type: SmsType) {
  await (await h.client()).call(auth.smsSend, { input: { phone, type } });
  return ((await h.raw(`/__sandbox/sms?phone=${phone}`)).body.data as { code: string }).code;
}

/** The body of a fresh password login of the demo member. */
async function login(h: Harness) {
  const api = await h.client();
  const { uuid } = await api.call(common.captcha);
  const code = ((await h.raw(`/__sandbox/captcha/${uuid}`)).body.data as { answer: string }).answer;
  return { uuid, code, username: encryptCredential(DEMO_MEMBER.phone), password: encryptCredential(DEMO_MEMBER.password), spread: '' };
}

export const samples: Sample[] = [
  sample({
    endpoint: auth.smsSend,
    prepare: () => ({ input: { phone: DEMO_MEMBER.phone, type: 'login' as const } }),
    check: (d) => expect(d.expiresIn).toBe(300),
  }),
  sample({ endpoint: auth.login, prepare: async (h) => ({ input: await login(h) }), check: (d) => expect(d.privacyState).toBe('y') }),
  sample({
    endpoint: auth.smsLogin,
    prepare: async (h) => ({
      input: { mobile: DEMO_MEMBER_NO_COMPANY.phone, sms_code: await smsCode(h, DEMO_MEMBER_NO_COMPANY.phone, 'login') },
    }),
    check: (d) => expect(d.privacyState).toBe('n'),
  }),
  sample({
    endpoint: auth.refresh,
    prepare: async (h) => {
      const { refreshToken } = await (await h.client()).call(auth.login, { input: await login(h) });
      return { input: { refresh_token: refreshToken } };
    },
    check: (d) => expect(d.refreshTokenExpires).toBeGreaterThan(d.accessTokenExpires),
  }),
  sample({ endpoint: auth.logout, as: 'member' }),
  sample({
    endpoint: auth.userInfo,
    as: 'member',
    check: (d) => expect(d).toMatchObject({ uid: 1, phone: '138****8000', companyVerified: 1 }),
  }),
  sample({
    endpoint: auth.register,
    prepare: async (h) => ({
      input: {
        account: encryptCredential(NEW_PHONE),
        password: encryptCredential(NEW_PASSWORD),
        captcha: await smsCode(h, NEW_PHONE, 'register'),
        wsPrivacyLogList: allPrivacy,
      },
    }),
    check: (d) => expect(d.uid).toBeGreaterThan(2),
  }),
  sample({
    endpoint: auth.emailSend,
    prepare: () => ({ input: { email: 'buyer@gas.example.cn', type: 'register' as const } }),
    check: (d) => expect(d.expiresIn).toBe(300),
  }),
  sample({
    endpoint: auth.registerByEmail,
    prepare: async (h) => {
      await (await h.client()).call(auth.emailSend, { input: { email: 'new@gas.example.cn', type: 'register' } });
      const code = ((await h.raw('/__sandbox/email?email=new@gas.example.cn')).body.data as { code: string }).code;
      return {
        input: { email: 'new@gas.example.cn', password: encryptCredential(NEW_PASSWORD), captcha: code, wsPrivacyLogList: allPrivacy },
      };
    },
    check: (d) => expect(d.uid).toBeGreaterThan(0),
  }),
  sample({
    endpoint: auth.registerVerify,
    prepare: () => ({ input: { account: encryptCredential(DEMO_MEMBER.phone) } }),
    check: (d) => expect(d.registered).toBe(true),
  }),
  sample({
    endpoint: auth.resetPassword,
    prepare: async (h) => ({
      input: {
        phone: encryptCredential(DEMO_MEMBER_NO_COMPANY.phone),
        password: encryptCredential(NEW_PASSWORD),
        captcha: await smsCode(h, DEMO_MEMBER_NO_COMPANY.phone, 'reset_password'),
      },
    }),
  }),
  sample({
    endpoint: auth.resetPasswordByOldPwd,
    as: 'member',
    prepare: () => ({ input: { oldPassword: encryptCredential(DEMO_MEMBER.password), password: encryptCredential(NEW_PASSWORD) } }),
  }),
  sample({
    endpoint: auth.resetPhoneNumber,
    as: 'member',
    // With company buying on (the seed's view control), a phone change also proves the old phone (contract/company.ts).
    prepare: async (h) => {
      await (await h.client('member')).call(company.oldPhoneCode);
      const oldCaptcha = ((await h.raw(`/__sandbox/sms?phone=${DEMO_MEMBER.phone}`)).body.data as { code: string }).code;
      return { input: { phone: encryptCredential(NEW_PHONE), captcha: await smsCode(h, NEW_PHONE, 'change_phone'), oldCaptcha } };
    },
    check: (d) => expect(d.phone).toBe('137****7000'),
  }),
  sample({
    endpoint: auth.protocols,
    check: (d) => expect(d.map((p) => p.title)).toEqual(['华气云商用户注册协议', '法律声明', '注册登录须知']),
  }),
  sample({
    endpoint: auth.privacyList,
    prepare: () => ({ input: { isDisplay: '1' as const, sort: 'sort,desc' as const } }),
    check: (d) => expect(d.map((p) => p.title)).toEqual(['隐私政策', '个人信息处理规则', 'Cookie 政策']),
  }),
  sample({
    endpoint: auth.privacyConfirm,
    as: 'member2',
    prepare: () => ({ input: { wsPrivacyLogList: allPrivacy } }),
    check: (d) => expect(d.privacyState).toBe('y'),
  }),
  sample({ endpoint: auth.unread, as: 'member', check: (d) => expect(d.total).toBe(3) }),
];
