/** e2e helpers of the account specs: fresh members through the sandbox hook, SMS codes and captcha answers read through the hooks, and the browser's own login. */
import { expect, type Locator, type Page } from './fixtures.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { createMember, DEMO_PASSWORD } from '#scripts/lib/sandbox-client.ts';
import { sandboxGet, sandboxUrl } from './sandbox.ts';

export { freshPhone } from '#scripts/lib/sandbox-client.ts';
export const PASSWORD = DEMO_PASSWORD;

/** Creates a member directly in the sandbox; `privacyState` n makes the login ask for the privacy notice. */
export const newMember = (
  opts: { privacyState?: 'y' | 'n'; password?: string; haveShop?: boolean } = {},
): Promise<{ phone: string; password: string }> => createMember(sandboxUrl(), opts);

export const smsCode = async (phone: string): Promise<string> => (await sandboxGet<{ code: string }>(`/__sandbox/sms?phone=${phone}`)).code;
export const captchaAnswer = async (uuid: string): Promise<string> =>
  (await sandboxGet<{ answer: string }>(`/__sandbox/captcha/${uuid}`)).answer;

/** Logs in through the shop's own session endpoint (as the dialog does), so the browser gets the HttpOnly cookies. */
export async function loginThroughShop(page: Page, phone: string, password = PASSWORD): Promise<void> {
  const { uuid } = await sandboxGet<{ uuid: string }>('/code');
  const code = await captchaAnswer(uuid);
  const res = await page.request.post('/api/session/login', {
    data: { username: encryptCredential(phone), password: encryptCredential(password), uuid, code },
  });
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
