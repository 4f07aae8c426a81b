/** e2e access to the sandbox API started by the web server: its data through the API, its test hooks, and a member's login. */
import { test, type BrowserContext } from './fixtures.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { E2E_SITES, MAIN_SITE } from './server-env.ts';

/**
 * The sandbox behind the site the running test's project serves (the serial specs have a site of their own); outside a test
 * (the measure and smoke scripts use these helpers too) the one E2E_SANDBOX_URL names, else the main e2e site's.
 */
export function sandboxUrl(): string {
  let baseURL: string | undefined;
  try {
    baseURL = test.info().project.use.baseURL;
  } catch {
    return process.env.E2E_SANDBOX_URL ?? MAIN_SITE.sandboxUrl;
  }
  return (E2E_SITES.find((s) => s.baseURL === baseURL) ?? MAIN_SITE).sandboxUrl;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${sandboxUrl()}${path}`, init);
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

export const sandboxGet = <T>(path: string, token?: string): Promise<T> => call<T>(path, token ? { headers: { authorization: `Bearer ${token}` } } : undefined);

export const sandboxPost = <T>(path: string, data: unknown, token?: string): Promise<T> =>
  call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data),
  });

/** Opens or closes the site through the sandbox hook. */
export const setSite = (siteon: 0 | 1, close_reson = '') => sandboxPost('/__sandbox/site', { siteon, close_reson });

/** Logs a member in against the sandbox the way the shop's login does: image captcha and RSA-encrypted credentials. */
export async function loginToken(phone = '13800138000', password = 'Gas@2026pass'): Promise<string> {
  const { uuid } = await sandboxGet<{ uuid: string }>('/code');
  const { answer } = await sandboxGet<{ answer: string }>(`/__sandbox/captcha/${uuid}`);
  const data = await sandboxPost<{ token: string }>('/login', { username: encryptCredential(phone), password: encryptCredential(password), spread: '', uuid, code: answer });
  return data.token;
}

/** Puts a logged-in member's cookies into the browser, as the shop's login endpoint would. */
export async function signIn(context: BrowserContext, baseURL: string, phone = '13800138000'): Promise<string> {
  const token = await loginToken(phone);
  const user = await sandboxGet<{ uid: number; phone: string; username: string }>('/userinfo', token);
  const url = new URL(baseURL);
  await context.addCookies([
    { name: 'gas_at', value: token, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
    { name: 'gas_user', value: encodeURIComponent(JSON.stringify({ uid: user.uid, phone: user.phone, username: user.username })), domain: url.hostname, path: '/', sameSite: 'Lax' },
  ]);
  return token;
}
