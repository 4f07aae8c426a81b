/** Logs a demo member in against a sandbox and returns the access token (filled by the auth domain). */
import type { Api } from '../../src/lib/api/client.ts';

export const DEMO_MEMBER = { phone: '13800138000', password: 'Gas@2026pass', uid: 1 } as const;
export const DEMO_MEMBER_NO_COMPANY = { phone: '13900139000', password: 'Gas@2026pass', uid: 2 } as const;

export async function memberToken(api: Api, raw: (path: string) => Promise<{ body: { data: unknown } }>, phone: string, password: string): Promise<string> {
  void api;
  void raw;
  throw new Error(`login of ${phone}/${password.length} not implemented yet`);
}
