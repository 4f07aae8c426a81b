/**
 * The cookie notice's choice, recorded with the backend (privacy_part, contract/privacy.ts cookieChoice) through the
 * same-origin proxy. Fire and forget: a backend without the feature answers 404 and the notice works as before. The path
 * is spelt out here so the chrome script does not pull the contract's schemas into every page.
 */
export const COOKIE_CHOICE_URL = '/api/buyer/privacy/cookie-choice';

export function recordCookieChoice(choice: 'ACCEPT' | 'DISMISS', visitor: string | null): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (visitor) headers.uuid = visitor;
  void fetch(COOKIE_CHOICE_URL, { method: 'POST', headers, body: JSON.stringify({ choice }), keepalive: true }).catch(() => undefined);
}
