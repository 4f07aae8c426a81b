/** What the account forms do (docs/product.md §4, §7): captcha, SMS codes, login through the session endpoints, register, reset, the privacy notice, and what follows a login. */
import { ApiError } from '#src/shared/api/errors.ts';
import type { PrivacyItem, Protocol, SmsType } from '#src/shared/api/contract/auth.ts';
import { Captcha } from '#src/shared/api/contract/common.ts';
import type * as v from 'valibot';
import { peek } from '#src/shared/api/peek.ts';
import { CAPTCHA_URL } from './captcha.ts';
import { encryptAll } from './encrypt.ts';
import type { LoginOutcome } from '#src/shared/session/session.server.ts';
import type { PrivacyLogEntry } from './login-notice.ts';
import type { Api } from '#src/shared/api/client.ts';
import { $afterLogin, closeDialog } from '#src/shared/session/dialogs.ts';
import { $profile, signInSettled } from '#src/shared/session/session.ts';
import { loadCartForPendingAdds } from '#src/features/cart/pending-wake.ts';
import { FLASH_KEY, leaveFlash, toastsSince } from '#src/shared/ui/flash.ts';
import { $toasts } from '#src/shared/ui/toast.ts';

// The full API client (ky) and the auth contract load only when a form sends something, so opening the login dialog stays light.
const api = (): Promise<Api> => import('#src/shared/api/browser-api.ts').then((m) => m.browserApi);
const contract = () => import('#src/shared/api/contract/auth.ts').then((m) => m.auth);

export type { LoginOutcome };

/** The flash a reload shows once (the chrome script reads it). */
export { FLASH_KEY };
/** docs/product.md §9: login redirect and dialog switch delay. */
export const SWITCH_DELAY_MS = 200;
/** Remember account keeps the phone between visits (docs/product.md §4). */
export const REMEMBER_KEY = 'remember_account';

/** The backend's RSA public key (PUBLIC_RSA_KEY), handed to the islands as a prop so no shared env chunk loads on content pages. */
let rsaKey = '';
export const setRsaKey = (key: string): void => {
  rsaKey = key;
};
export const encrypt = (values: readonly string[]): Promise<string[]> => encryptAll(rsaKey, values);

/** A new image code; a failure rejects (the form offers to try again). */
export async function newCaptcha(): Promise<v.InferOutput<typeof Captcha>> {
  const captcha = await peek(CAPTCHA_URL, Captcha);
  if (!captcha) throw new Error('captcha unavailable');
  return captcha;
}

export async function sendSms(phone: string, type: SmsType): Promise<void> {
  await (await api()).call((await contract()).smsSend, { input: { phone, type } });
}

/** POSTs to a same-origin session endpoint; a status other than 200 throws its msg. */
async function postSession<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/session/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network', `session.${path}`, 0, '网络连接失败，请检查网络后重试');
  }
  const envelope = (await res.json().catch(() => null)) as { status?: number; msg?: string; data?: T } | null;
  if (!envelope || envelope.status !== 200)
    throw new ApiError('business', `session.${path}`, envelope?.status ?? res.status, envelope?.msg || '操作失败，请稍后再试');
  return envelope.data as T;
}

export async function passwordLogin(phone: string, password: string, uuid: string, code: string): Promise<LoginOutcome> {
  const [username, secret] = await encrypt([phone, password]);
  return postSession<LoginOutcome>('login', { username, password: secret, uuid, code });
}

export const smsLogin = (mobile: string, smsCode: string): Promise<LoginOutcome> =>
  postSession<LoginOutcome>('sms-login', { mobile, sms_code: smsCode });

export const confirmPrivacy = (privacyIds: number[]): Promise<LoginOutcome> =>
  postSession<LoginOutcome>('privacy', { action: 'confirm', privacyIds });
export const cancelPrivacy = (): Promise<null> => postSession<null>('privacy', { action: 'cancel' });

export async function register(phone: string, password: string, code: string, wsPrivacyLogList: PrivacyLogEntry[]): Promise<void> {
  const [account, secret] = await encrypt([phone, password]);
  await (await api()).call((await contract()).register, {
    input: { account: account!, password: secret!, captcha: code, wsPrivacyLogList },
  });
}

export async function sendEmailCode(email: string): Promise<void> {
  await (await api()).call((await contract()).emailSend, { input: { email, type: 'register' } });
}

export async function registerByEmail(email: string, password: string, code: string, wsPrivacyLogList: PrivacyLogEntry[]): Promise<void> {
  const [secret] = await encrypt([password]);
  await (await api()).call((await contract()).registerByEmail, { input: { email, password: secret!, captcha: code, wsPrivacyLogList } });
}

export async function resetPassword(phone: string, password: string, code: string): Promise<void> {
  const [p, secret] = await encrypt([phone, password]);
  await (await api()).call((await contract()).resetPassword, { input: { phone: p!, password: secret!, captcha: code } });
}

let protocols: Promise<Protocol[]> | null = null;
let privacy: Promise<PrivacyItem[]> | null = null;
/** Protocol texts (index 0 registration agreement, 1 legal statement, 2 notice), fetched once per page. */
export const loadProtocols = (): Promise<Protocol[]> =>
  (protocols ??= api()
    .then(async (a) => a.call((await contract()).protocols, { silent: true }))
    .catch((e: unknown) => ((protocols = null), Promise.reject(e))));
export const loadPrivacyItems = (): Promise<PrivacyItem[]> =>
  (privacy ??= api()
    .then(async (a) => a.call((await contract()).privacyList, { input: { isDisplay: '1', sort: 'sort,desc' }, silent: true }))
    .catch((e: unknown) => ((privacy = null), Promise.reject(e))));

/**
 * After a login: a seller goes to the seller site; a buyer becomes the member of this page, whose stores react (the cart
 * completes what the visitor asked for before signing in), then the page reloads, or goes to the return path, once they are done.
 */
export async function finishLogin(outcome: LoginOutcome, forward?: string): Promise<void> {
  if (outcome.seller) {
    location.assign(outcome.seller);
    return;
  }
  const shown = $toasts.get();
  $profile.set(outcome.profile);
  const after = $afterLogin.get();
  $afterLogin.set(null);
  closeDialog();
  // A page without the cart store (a login page) loads it when wishes wait, so its reaction runs here; the next page is
  // rendered once they are done (the confirm page reads the buy-now line they set).
  await loadCartForPendingAdds().catch(() => undefined);
  await signInSettled();
  // What the page said meanwhile (已加入购物车, a refusal) is still on screen: it goes with the login's message to the next page.
  leaveFlash([{ kind: 'success', text: outcome.notice ?? '登录成功' }, ...toastsSince(shown, $toasts.get())]);
  const target = forward ?? after?.forward;
  const here = `${location.pathname}${location.search}`;
  setTimeout(() => (target && target !== here ? location.assign(target) : location.reload()), SWITCH_DELAY_MS);
}

/** Remembered phone, when remember account was ticked. */
export function rememberedPhone(): string {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}
export function remember(phone: string, keep: boolean): void {
  try {
    if (keep) localStorage.setItem(REMEMBER_KEY, phone);
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // Private modes without storage: nothing is remembered.
  }
}
