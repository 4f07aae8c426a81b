/** The form rules of docs/product.md §5 in one place (valibot): account fields with their exact messages, and the generic patterns other forms use (email, tax number, ID card, money...). */
import * as v from 'valibot';

export { FORM_INVALID, fieldMessage, formMessages } from './check.ts';

// ---- account fields (docs/product.md §5, messages exactly as written) ----

export const PHONE_MESSAGES = {
  empty: '请输入手机号',
  length: '手机号不正确',
  format: '电话格式错误',
  emptyForSms: '请输入手机号！',
} as const;
export const PASSWORD_MESSAGES = {
  empty: '密码不能为空',
  weak: '密码必须包含大小写字母，数字和特殊字符且不小于8位数',
  tooLong: '密码不能超过64位',
} as const;
export const CONFIRM_MESSAGES = { empty: '确认密码不能为空', mismatch: '密码不一致' } as const;
export const SMS_CODE_EMPTY = '验证码不能为空';
export const AGREEMENT_MESSAGES = { register: '请先同意注册协议！', legal: '请先同意法律声明！', privacy: '请先同意隐私政策！' } as const;
export const RESET_FORM_INVALID = '重置密码表单填写有误，请检查！';

/** Mainland mobile prefixes 13x to 19x, 11 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** At least 8 characters with a lower and an upper case letter, a digit and a special character. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/s;

/** Mainland mobile number; the empty message differs per form ('请输入手机号！' when sending an SMS code). */
export const phoneSchema = (emptyMessage: string = PHONE_MESSAGES.empty) =>
  v.pipe(
    v.string(emptyMessage),
    v.nonEmpty(emptyMessage),
    v.length(11, PHONE_MESSAGES.length),
    v.regex(MOBILE_PATTERN, PHONE_MESSAGES.format),
  );
export const Phone = phoneSchema();

/** Password of register and reset: strong, at most 64 characters (long passphrases are welcome, any composition pasted). */
export const Password = v.pipe(
  v.string(PASSWORD_MESSAGES.empty),
  v.nonEmpty(PASSWORD_MESSAGES.empty),
  v.regex(STRONG_PASSWORD_PATTERN, PASSWORD_MESSAGES.weak),
  v.maxLength(64, PASSWORD_MESSAGES.tooLong),
);

/** Password of login: only required, since older accounts may predate the strong rule. */
export const LoginPassword = v.pipe(v.string(PASSWORD_MESSAGES.empty), v.nonEmpty(PASSWORD_MESSAGES.empty));

export const SmsCode = v.pipe(v.string(SMS_CODE_EMPTY), v.trim(), v.nonEmpty(SMS_CODE_EMPTY));
export const CaptchaCode = v.pipe(v.string('请输入验证码'), v.trim(), v.nonEmpty('请输入验证码'));

/** Confirm password: required, then equal to the password (checked by `confirmMessage`, since it needs both values). */
export const ConfirmPassword = v.pipe(v.string(CONFIRM_MESSAGES.empty), v.nonEmpty(CONFIRM_MESSAGES.empty));

/** The confirm field's message, or null when it is fine. */
export function confirmMessage(password: string, confirm: string): string | null {
  if (!confirm) return CONFIRM_MESSAGES.empty;
  return confirm === password ? null : CONFIRM_MESSAGES.mismatch;
}

// ---- generic patterns (docs/product.md §5 "generic patterns available") ----

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The short password rule of older forms: 6 to 20 letters, digits or common symbols, no spaces. */
export const SIMPLE_PASSWORD_PATTERN = /^[\x21-\x7e]{6,20}$/;
export const POSITIVE_INTEGER_PATTERN = /^[1-9]\d*$/;
/** Money: a non-negative amount with at most two decimals. */
export const MONEY_PATTERN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
/** Taxpayer number: 15, 18 or 20 letters and digits (unified social credit code is 18). */
export const TAX_NUMBER_PATTERN = /^([A-Za-z0-9]{15}|[A-Za-z0-9]{18}|[A-Za-z0-9]{20})$/;
/** User name: starts with a letter or Chinese character, then letters, digits, Chinese or underscore, 2 to 20 in all. */
export const USER_NAME_PATTERN = /^[A-Za-z\u4e00-\u9fa5][A-Za-z0-9_\u4e00-\u9fa5]{1,19}$/;
/** Landline: optional 3-4 digit area code with a dash, 7-8 digit number, optional extension. */
export const LANDLINE_PATTERN = /^(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?$/;

/** Second-generation resident ID card: 18 characters, a real birth date and the GB 11643 check character. */
export function isIdCard(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  return '10X98765432'[sum % 11] === id[17];
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const pattern = (re: RegExp, empty: string, wrong: string) => v.pipe(v.string(empty), v.trim(), v.nonEmpty(empty), v.regex(re, wrong));

export const Email = pattern(EMAIL_PATTERN, '请输入邮箱', '邮箱格式错误');
export const SimplePassword = pattern(SIMPLE_PASSWORD_PATTERN, PASSWORD_MESSAGES.empty, '密码为6-20位字母、数字或符号');
export const PositiveInteger = pattern(POSITIVE_INTEGER_PATTERN, '请输入数量', '请输入正整数');
export const Money = pattern(MONEY_PATTERN, '请输入金额', '金额格式错误，最多两位小数');
export const TaxNumber = pattern(TAX_NUMBER_PATTERN, '请输入纳税人识别号', '纳税人识别号为15、18或20位字母和数字');
export const UserName = pattern(USER_NAME_PATTERN, '请输入用户名', '用户名为2-20位中文、字母、数字或下划线，以中文或字母开头');
export const Landline = pattern(LANDLINE_PATTERN, '请输入电话号码', '电话号码格式错误');
export const IdCard = v.pipe(v.string('请输入身份证号'), v.trim(), v.nonEmpty('请输入身份证号'), v.check(isIdCard, '身份证号不正确'));
export const Url = v.pipe(v.string('请输入网址'), v.trim(), v.nonEmpty('请输入网址'), v.check(isHttpUrl, '网址格式错误'));
