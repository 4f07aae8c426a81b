/** Accounts and sessions: SMS codes, login, token refresh, register, password reset, user info, privacy consent, protocols. */
import * as v from 'valibot';
import { endpoint } from './core.ts';
import { UNREAD_FIELD, UNREAD_PATH } from '#src/boot/unread.ts';

// The account fields' rules and messages live in the shared validation module (docs/product.md §5); the contract re-exports them.
import { Email, Password, Phone, phoneSchema, SmsCode } from '#src/shared/validation/rules.ts';
export { Password, Phone, phoneSchema };

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
/** An RSA-encrypted credential (base64 of PKCS#1 v1.5 ciphertext, as jsencrypt produces); its plain text is checked after decryption. */
const Encrypted = (message: string) => required(message);

/** What an SMS code may be used for; `change_phone` goes to the new number of /resetPhoneNumber. */
export const SmsType = v.picklist(['login', 'reset_password', 'register', 'change_phone'], '短信类型错误');
export type SmsType = v.InferOutput<typeof SmsType>;

/** `privacyState` n: the privacy notice must be confirmed after login (docs/product.md §4). */
export const PrivacyState = v.picklist(['y', 'n']);

/** The unread messages count (the header's badge reads its UNREAD_FIELD without this schema, lib/api/peek-number.ts). */
export const UnreadCount = v.object({ [UNREAD_FIELD]: v.number() });

/** Login answer; expiries are epoch milliseconds so cookies can expire with the tokens (docs/product.md §9). */
export const LoginResult = v.object({
  token: v.string(),
  refreshToken: v.string(),
  tokenExpires: v.number(),
  refreshTokenExpires: v.number(),
  privacyState: PrivacyState,
});
export type LoginResult = v.InferOutput<typeof LoginResult>;

/** Token refresh answer (docs/product.md §3); the refresh token is rotated, the one sent is spent. */
export const RefreshResult = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  accessTokenExpires: v.number(),
  refreshTokenExpires: v.number(),
});
export type RefreshResult = v.InferOutput<typeof RefreshResult>;

/** The member as the header and member centre show them; `phone` is masked, `birthday` in seconds (docs/product.md §3). */
export const User = v.object({
  uid: v.number(),
  phone: v.string(),
  username: v.string(),
  have_shop: v.picklist([0, 1]),
  birthday: v.nullable(v.number()),
  avatar: v.string(),
  /** 1 once company information is uploaded; ordering needs it (docs/product.md §1). */
  companyVerified: v.picklist([0, 1]),
  privacyState: PrivacyState,
});
export type User = v.InferOutput<typeof User>;

/** One accepted privacy item; `createDate` is when it was ticked, `YYYY-MM-DD HH:mm:ss`. */
export const PrivacyLogEntry = v.object({
  privacyId: v.number('隐私条款编号错误'),
  createDate: v.pipe(v.string('同意时间缺失'), v.nonEmpty('同意时间缺失')),
});
export type PrivacyLogEntry = v.InferOutput<typeof PrivacyLogEntry>;
const PrivacyLog = v.array(PrivacyLogEntry, '请先同意隐私政策！');

/** Protocol texts: index 0 registration agreement, 1 legal statement, 2 sign-up/login notice (docs/product.md §3); content is simple HTML. */
export const Protocol = v.object({ id: v.number(), title: v.string(), content: v.string() });
export type Protocol = v.InferOutput<typeof Protocol>;

export const PrivacyItem = v.object({ id: v.number(), title: v.string(), content: v.string(), sort: v.number() });
export type PrivacyItem = v.InferOutput<typeof PrivacyItem>;

export const auth = {
  smsSend: endpoint({
    name: 'auth.smsSend',
    method: 'POST',
    path: '/sms/send',
    data: v.object({ expiresIn: v.number() }),
    input: v.object({ phone: phoneSchema('请输入手机号！'), type: SmsType }),
  }),
  /** An e-mail code for /register-by-email; same windows as SMS codes. */
  emailSend: endpoint({
    name: 'auth.emailSend',
    method: 'POST',
    path: '/email/send',
    data: v.object({ expiresIn: v.number() }),
    input: v.object({ email: Email, type: v.picklist(['register'], '邮件类型错误') }),
  }),
  /** Registration with an e-mail address instead of a phone; the member then logs in with the address. */
  registerByEmail: endpoint({
    name: 'auth.registerByEmail',
    method: 'POST',
    path: '/register/email',
    data: v.object({ uid: v.number() }),
    input: v.object({ email: Email, password: Encrypted('密码不能为空'), captcha: SmsCode, wsPrivacyLogList: PrivacyLog }),
  }),
  login: endpoint({
    name: 'auth.login',
    method: 'POST',
    path: '/login',
    data: LoginResult,
    input: v.object({
      username: Encrypted('请输入手机号'),
      password: Encrypted('密码不能为空'),
      spread: v.optional(v.string(), ''),
      uuid: required('请刷新验证码'),
      code: required('请输入验证码'),
    }),
  }),
  smsLogin: endpoint({
    name: 'auth.smsLogin',
    method: 'POST',
    path: '/sms/login',
    data: LoginResult,
    input: v.object({ mobile: Phone, sms_code: SmsCode }),
  }),
  refresh: endpoint({
    name: 'auth.refresh',
    method: 'POST',
    path: '/passport/token',
    data: RefreshResult,
    // A missing token answers 401 from the handler, so the client clears the session as for any spent token.
    input: v.object({ refresh_token: v.optional(v.string(), '') }),
  }),
  logout: endpoint({ name: 'auth.logout', method: 'POST', path: '/auth/logout', data: v.null(), auth: 'required' }),
  userInfo: endpoint({ name: 'auth.userInfo', method: 'GET', path: '/userinfo', data: User, auth: 'required' }),
  register: endpoint({
    name: 'auth.register',
    method: 'POST',
    path: '/register',
    data: v.object({ uid: v.number() }),
    input: v.object({
      account: Encrypted('请输入手机号'),
      password: Encrypted('密码不能为空'),
      captcha: SmsCode,
      wsPrivacyLogList: PrivacyLog,
    }),
  }),
  registerVerify: endpoint({
    name: 'auth.registerVerify',
    method: 'POST',
    path: '/register/verify',
    data: v.object({ registered: v.boolean() }),
    input: v.object({ account: Encrypted('请输入手机号') }),
    idempotent: true,
  }),
  resetPassword: endpoint({
    name: 'auth.resetPassword',
    method: 'POST',
    path: '/resetPassword',
    data: v.null(),
    input: v.object({ phone: Encrypted('请输入手机号'), password: Encrypted('密码不能为空'), captcha: SmsCode }),
  }),
  resetPasswordByOldPwd: endpoint({
    name: 'auth.resetPasswordByOldPwd',
    method: 'POST',
    path: '/resetPasswordByOldPwd',
    data: v.null(),
    input: v.object({ oldPassword: Encrypted('原密码不能为空'), password: Encrypted('密码不能为空') }),
    auth: 'required',
  }),
  resetPhoneNumber: endpoint({
    name: 'auth.resetPhoneNumber',
    method: 'POST',
    path: '/resetPhoneNumber',
    data: v.object({ phone: v.string() }),
    /** `oldCaptcha`: extension (contract/company.ts), the code sent to the current phone; required while company_part is on. */
    input: v.object({ phone: Encrypted('请输入手机号'), captcha: SmsCode, oldCaptcha: v.optional(SmsCode) }),
    auth: 'required',
  }),
  protocols: endpoint({ name: 'auth.protocols', method: 'GET', path: '/case/getProtocol', data: v.array(Protocol) }),
  privacyList: endpoint({
    name: 'auth.privacyList',
    method: 'GET',
    path: '/wsPrivacy',
    data: v.array(PrivacyItem),
    input: v.object({
      isDisplay: v.optional(v.picklist(['0', '1'], '显示状态只能是 0 或 1')),
      sort: v.optional(v.picklist(['sort,desc', 'sort,asc'], '排序方式错误'), 'sort,desc'),
    }),
  }),
  privacyConfirm: endpoint({
    name: 'auth.privacyConfirm',
    method: 'POST',
    path: '/wsPrivacy/confirm',
    data: v.object({ privacyState: PrivacyState }),
    input: v.object({ wsPrivacyLogList: PrivacyLog }),
    auth: 'required',
  }),
  unread: endpoint({ name: 'auth.unread', method: 'GET', path: UNREAD_PATH, data: UnreadCount, auth: 'required' }),
};
