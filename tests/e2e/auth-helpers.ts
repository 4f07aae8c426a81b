/** e2e helpers of the account specs: fresh members through the sandbox hook, SMS codes and captcha answers read through the hooks, and the browser's own login. */
import { expect, type Locator, type Page } from './fixtures.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';

export const PASSWORD = 'Gas@2026pass';

/** A mainland mobile number no other test uses (random, so spec files can run in parallel). */
export function freshPhone(): string {
  const prefix = ['135', '136', '137', '150', '151', '158', '187', '188', '199'][Math.floor(Math.random() * 9)]!;
  return prefix + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
}

/** Creates a member directly in the sandbox; `privacyState` n makes the login ask for the privacy notice. */
export async function newMember(opts: { privacyState?: 'y' | 'n'; password?: string; haveShop?: boolean } = {}): Promise<{ phone: string; password: string }> {
  const phone = freshPhone();
  const password = opts.password ?? PASSWORD;
  await sandboxPost('/__sandbox/users', { phone, password, privacyState: opts.privacyState ?? 'y', have_shop: opts.haveShop ? 1 : 0 });
  return { phone, password };
}

export const smsCode = async (phone: string): Promise<string> => (await sandboxGet<{ code: string }>(`/__sandbox/sms?phone=${phone}`)).code;
export const captchaAnswer = async (uuid: string): Promise<string> => (await sandboxGet<{ answer: string }>(`/__sandbox/captcha/${uuid}`)).answer;

/** Logs in through the shop's own session endpoint (as the dialog does), so the browser gets the HttpOnly cookies. */
export async function loginThroughShop(page: Page, phone: string, password = PASSWORD): Promise<void> {
  const { uuid } = await sandboxGet<{ uuid: string }>('/code');
  const code = await captchaAnswer(uuid);
  const res = await page.request.post('/api/session/login', { data: { username: encryptCredential(phone), password: encryptCredential(password), uuid, code } });
  const body = (await res.json()) as { status: number; msg: string };
  if (body.status !== 200) throw new Error(`login failed: ${body.msg}`);
}

/** The login dialog, when open. */
export const loginDialog = (page: Page) => page.locator('dialog[data-dialog="login"]');

/** The answer of the image code a form shows now; `not` waits for a new one (after a refresh or a failed login). */
export async function shownCaptcha(scope: Locator, not?: string): Promise<{ uuid: string; answer: string }> {
  const holder = scope.locator('[data-captcha-uuid]');
  await expect(holder).toHaveAttribute('data-captcha-uuid', /.+/);
  if (not) await expect(holder).not.toHaveAttribute('data-captcha-uuid', not);
  const uuid = (await holder.getAttribute('data-captcha-uuid'))!;
  return { uuid, answer: await captchaAnswer(uuid) };
}
