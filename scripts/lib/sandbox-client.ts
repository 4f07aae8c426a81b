/**
 * The sandbox API from outside the shop: its data through the API, its test hooks, a member's login and a fresh member. Plain
 * functions of the sandbox's URL, so the benchmarks (measure:js, measure:taps, the Lighthouse gate, the engines' smoke run) and
 * the e2e specs share them without the scripts importing tests/: tests/e2e/sandbox.ts wraps them with the sandbox of the
 * running test's project.
 */
import type { BrowserContext } from '@playwright/test';
import { encryptCredential } from '#sandbox/rsa.ts';

/** The seeded demo member who may order (docs/sandbox.md). */
export const DEMO_PHONE = '13800138000';
export const DEMO_PASSWORD = 'Gas@2026pass';
/** A delivery region of the seed (Jiangsu, Suzhou, Wuzhong, Guoxiang): ids from province to street, and its text. */
export const REGION = { ids: [320000, 320500, 320506, 320506004000], text: '江苏省 苏州市 吴中区 郭巷街道' };
/** A small PNG header: the upload tells the type by its first bytes (a company licence). */
export const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function call<T>(sandbox: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${sandbox}${path}`, init);
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

export const sandboxGet = <T>(sandbox: string, path: string, token?: string): Promise<T> =>
  call<T>(sandbox, path, token ? { headers: { authorization: `Bearer ${token}` } } : undefined);

export const sandboxPost = <T>(sandbox: string, path: string, data: unknown, token?: string): Promise<T> =>
  call<T>(sandbox, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data),
  });

/** Logs a member in the way the shop's login does: image captcha and RSA-encrypted credentials. */
export async function loginToken(sandbox: string, phone = DEMO_PHONE, password = DEMO_PASSWORD): Promise<string> {
  const { uuid } = await sandboxGet<{ uuid: string }>(sandbox, '/code');
  const { answer } = await sandboxGet<{ answer: string }>(sandbox, `/__sandbox/captcha/${uuid}`);
  const data = await sandboxPost<{ token: string }>(sandbox, '/login', {
    username: encryptCredential(phone),
    password: encryptCredential(password),
    spread: '',
    uuid,
    code: answer,
  });
  return data.token;
}

/** Puts a logged-in member's cookies into the browser, as the shop's login endpoint would; the member's token. */
export async function signIn(
  sandbox: string,
  context: Pick<BrowserContext, 'addCookies'>,
  baseURL: string,
  phone = DEMO_PHONE,
): Promise<string> {
  const token = await loginToken(sandbox, phone);
  await putSession(sandbox, context, baseURL, token);
  return token;
}

/** Puts the session cookies of a member's `token` into the browser, as the shop's login endpoint would. */
export async function putSession(
  sandbox: string,
  context: Pick<BrowserContext, 'addCookies'>,
  baseURL: string,
  token: string,
): Promise<void> {
  const user = await sandboxGet<{ uid: number; phone: string; username: string }>(sandbox, '/userinfo', token);
  const url = new URL(baseURL);
  await context.addCookies([
    { name: 'gas_at', value: token, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
    {
      name: 'gas_user',
      value: encodeURIComponent(JSON.stringify({ uid: user.uid, phone: user.phone, username: user.username })),
      domain: url.hostname,
      path: '/',
      sameSite: 'Lax',
    },
  ]);
}

/** A mainland mobile number no other test uses (random, so spec files can run in parallel). */
export function freshPhone(): string {
  const prefix = ['135', '136', '137', '150', '151', '158', '187', '188', '199'][Math.floor(Math.random() * 9)]!;
  return prefix + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
}

/** Creates a member directly through the sandbox hook; `privacyState` n makes the login ask for the privacy notice. */
export async function createMember(
  sandbox: string,
  opts: { privacyState?: 'y' | 'n'; password?: string; haveShop?: boolean } = {},
): Promise<{ phone: string; password: string }> {
  const phone = freshPhone();
  const password = opts.password ?? DEMO_PASSWORD;
  await sandboxPost(sandbox, '/__sandbox/users', {
    phone,
    password,
    privacyState: opts.privacyState ?? 'y',
    have_shop: opts.haveShop ? 1 : 0,
  });
  return { phone, password };
}
