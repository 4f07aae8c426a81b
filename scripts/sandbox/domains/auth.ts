/** Sandbox domain: Accounts and sessions: captcha, SMS codes, login, token refresh, register, password reset, user info, privacy consent, protocols. */
import type { Sandbox } from '../app.ts';

export function install(sb: Sandbox): void {
  void sb;
}
