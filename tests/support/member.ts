/** Logs a demo member in against a sandbox the way the login dialog does (image captcha, RSA-encrypted credentials) and returns the access token. */
import type { Api } from '#src/shared/api/client.ts';
import { auth } from '#src/shared/api/contract/auth.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { encryptCredential } from '#sandbox/rsa.ts';

export const DEMO_MEMBER = { phone: '13800138000', password: 'Gas@2026pass', uid: 1 } as const;
export const DEMO_MEMBER_NO_COMPANY = { phone: '13900139000', password: 'Gas@2026pass', uid: 2 } as const;

/** The answer of a captcha, read through the sandbox's test hook. */
export async function captchaAnswer(raw: (path: string) => Promise<{ body: { data: unknown } }>, uuid: string): Promise<string> {
  const { body } = await raw(`/__sandbox/captcha/${encodeURIComponent(uuid)}`);
  const answer = (body.data as { answer?: unknown } | null)?.answer;
  if (typeof answer !== 'string') throw new Error(`the sandbox has no answer for captcha ${uuid}`);
  return answer;
}

export async function memberToken(
  api: Api,
  raw: (path: string) => Promise<{ body: { data: unknown } }>,
  phone: string,
  password: string,
): Promise<string> {
  const { uuid } = await api.call(common.captcha);
  const code = await captchaAnswer(raw, uuid);
  const { token } = await api.call(auth.login, {
    input: { username: encryptCredential(phone), password: encryptCredential(password), spread: '', uuid, code },
  });
  return token;
}
