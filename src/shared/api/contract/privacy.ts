/**
 * Personal-information rights (an extension of the supplier's API, shown only while view control has `privacy_part` with
 * isShow 1): the member's sign-in history, a copy of their personal information, account deletion with its blockers, SMS
 * confirmation and cooling-off, and their consents (PIPL Art. 15, 16, 45, 47; GB/T 35273-2020 §8.5).
 *
 * For the back office. Every call lives on the `buyer` base, answers the usual envelope `{ status, msg, data }` and acts for
 * the member of the bearer token only: no call takes a uid. Instants are epoch ms.
 *
 * | call | method, path | auth | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | signIns | GET /privacy/sign-ins | member | | `SignIn[]`, newest first, at most 20; `current` marks the session of the token | |
 * | signOutOthers | POST /privacy/sign-ins/sign-out-others | member | | `{ ended }` sessions ended (all but the token's) | |
 * | status | GET /privacy/status | member | | `PrivacyStatus` | |
 * | marketing | POST /privacy/marketing | member | `{ optIn: boolean }` | `PrivacyStatus` | 400 参数 optIn 缺失或格式错误 |
 * | cookieChoice | POST /privacy/cookie-choice | optional (a visitor is named by the `uuid` header) | `{ choice: 'ACCEPT' \| 'DISMISS' }` | `{ recorded: true }` | 400 Cookie 选择无效 |
 * | exportLink | POST /privacy/export | member | | `{ token, expiresAt }`: a one-time token, valid 10 minutes | 429 请求过于频繁，请稍后再试 (more than 5 in an hour) |
 * | exportData | GET /privacy/export/{token} | member (the token's owner only) | | `PersonalData`; the token is spent | 404 下载链接无效或已过期 |
 * | deletionCheck | GET /privacy/deletion/check | member | | `DeletionCheck`: blockers, each with a link; consequences | |
 * | deletionCode | POST /privacy/deletion/code | member | | `{ phone (masked), expiresIn }`; code to the account's phone | 429 发送过于频繁，请60秒后再试 / 今日验证码发送次数已达上限，请明天再试; 400 当前账号未绑定手机号 |
 * | requestDeletion | POST /privacy/deletion | member | `{ code }` | `Deletion` PENDING with `dueAt` (15 days); every session of the member ends | 400 验证码错误或已过期 (5 wrong codes spend it); 400 账户暂不能注销：<each blocker>; 400 注销申请已提交 |
 * | cancelDeletion | POST /privacy/deletion/cancel | member | | `Deletion` CANCELLED | 400 没有待处理的注销申请 |
 * | takeNotice | POST /privacy/notice | member | | `{ message }` once (e.g. the deletion cancelled by this sign-in), then null | |
 *
 * Signing in (password or SMS) records a sign-in (way, user agent, IP from X-Forwarded-For) and cancels a pending deletion.
 * When `dueAt` passes the backend deletes or de-identifies every personal field of the member; orders and invoices stay as
 * the accounting and invoice rules require (src/features/privacy/rules.ts RETENTION_RULES), without phone, name or address.
 * A backend without the feature answers these paths 404 and has no `privacy_part` entry: the shop then hides the feature.
 */
import * as v from 'valibot';
import { endpoint, form } from './core.ts';

const auth = 'required' as const;

export const SignInWay = v.picklist(['PASSWORD', 'SMS']);
export const SIGN_IN_WAY_LABEL = { PASSWORD: '密码登录', SMS: '短信验证码登录' } as const;

export const SignIn = v.object({
  id: v.number(),
  time: v.number(),
  way: SignInWay,
  /** Device and browser in words, e.g. "Windows 电脑 · Chrome 浏览器". */
  device: v.string(),
  /** The last part masked: 203.0.113.* */
  ip: v.string(),
  current: v.boolean(),
  /** The session is still signed in. */
  active: v.boolean(),
});
export type SignIn = v.InferOutput<typeof SignIn>;

export const DeletionStatus = v.picklist(['NONE', 'PENDING', 'CANCELLED', 'DONE']);
export const Deletion = v.object({
  status: DeletionStatus,
  requestedAt: v.nullable(v.number()),
  dueAt: v.nullable(v.number()),
  endedAt: v.nullable(v.number()),
  /** Why it ended, e.g. "您于 … 重新登录，注销申请已撤销". */
  note: v.string(),
});
export type Deletion = v.InferOutput<typeof Deletion>;

export const CookieChoice = v.picklist(['ACCEPT', 'DISMISS'], 'Cookie 选择无效');
export const PrivacyStatus = v.object({
  policy: v.object({ version: v.string(), title: v.string(), acceptedAt: v.nullable(v.number()) }),
  marketing: v.object({ optIn: v.boolean(), time: v.nullable(v.number()) }),
  cookie: v.object({ choice: v.nullable(CookieChoice), time: v.nullable(v.number()) }),
  deletion: Deletion,
});
export type PrivacyStatus = v.InferOutput<typeof PrivacyStatus>;

export const Blocker = v.object({
  kind: v.picklist(['CYLINDERS', 'DEPOSITS', 'ORDERS', 'AFTERSALES', 'STATEMENT', 'COMPANY_ADMIN']),
  message: v.string(),
  link: v.string(),
  linkText: v.string(),
});
export const DeletionCheck = v.object({
  blockers: v.array(Blocker),
  consequences: v.array(v.string()),
  coolingOffDays: v.number(),
  /** The masked phone the code goes to; empty for a member without one. */
  phone: v.string(),
  deletion: Deletion,
});
export type DeletionCheck = v.InferOutput<typeof DeletionCheck>;

export const PersonalData = v.object({
  generatedAt: v.number(),
  profile: v.record(v.string(), v.unknown()),
  sections: v.array(v.object({ key: v.string(), title: v.string(), rows: v.array(v.record(v.string(), v.unknown())) })),
});

const Code = v.pipe(v.string('请输入验证码'), v.trim(), v.regex(/^\d{6}$/, '请输入6位数字验证码'));

export const privacy = {
  signIns: endpoint({ name: 'privacy.signIns', method: 'GET', path: '/privacy/sign-ins', data: v.array(SignIn), auth }),
  signOutOthers: endpoint({
    name: 'privacy.signOutOthers',
    method: 'POST',
    path: '/privacy/sign-ins/sign-out-others',
    data: v.object({ ended: v.number() }),
    auth,
  }),
  status: endpoint({ name: 'privacy.status', method: 'GET', path: '/privacy/status', data: PrivacyStatus, auth }),
  marketing: endpoint({
    name: 'privacy.marketing',
    method: 'POST',
    path: '/privacy/marketing',
    data: PrivacyStatus,
    input: form({ optIn: v.boolean() }),
    auth,
  }),
  cookieChoice: endpoint({
    name: 'privacy.cookieChoice',
    method: 'POST',
    path: '/privacy/cookie-choice',
    data: v.object({ recorded: v.boolean() }),
    input: form({ choice: CookieChoice }),
    auth: 'optional',
  }),
  exportLink: endpoint({
    name: 'privacy.exportLink',
    method: 'POST',
    path: '/privacy/export',
    data: v.object({ token: v.string(), expiresAt: v.number() }),
    auth,
  }),
  exportData: endpoint({ name: 'privacy.exportData', method: 'GET', path: '/privacy/export/{token}', data: PersonalData, auth }),
  deletionCheck: endpoint({ name: 'privacy.deletionCheck', method: 'GET', path: '/privacy/deletion/check', data: DeletionCheck, auth }),
  deletionCode: endpoint({
    name: 'privacy.deletionCode',
    method: 'POST',
    path: '/privacy/deletion/code',
    data: v.object({ phone: v.string(), expiresIn: v.number() }),
    auth,
  }),
  requestDeletion: endpoint({
    name: 'privacy.requestDeletion',
    method: 'POST',
    path: '/privacy/deletion',
    data: Deletion,
    input: form({ code: Code }),
    auth,
  }),
  cancelDeletion: endpoint({ name: 'privacy.cancelDeletion', method: 'POST', path: '/privacy/deletion/cancel', data: Deletion, auth }),
  takeNotice: endpoint({
    name: 'privacy.takeNotice',
    method: 'POST',
    path: '/privacy/notice',
    data: v.object({ message: v.nullable(v.string()) }),
    auth,
  }),
};
