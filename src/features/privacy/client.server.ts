/** What the shop's server tells the backend about a sign-in (privacy_part's sign-in history), and the message it may keep for it. */
import type { APIContext } from 'astro';
import { privacy } from '#src/shared/api/contract/privacy.ts';
import { apiFor } from '#src/shared/api/server.ts';

/**
 * The browser's user agent and address, forwarded with a login call so the backend can record the sign-in. The address is
 * the socket's as the adapter reports it (a proxy in front sets it from its own X-Forwarded-For), never a header the
 * browser wrote.
 */
export function signInClient(context: Pick<APIContext, 'request' | 'clientAddress'>): Record<string, string> {
  const out: Record<string, string> = {};
  const ua = context.request.headers.get('user-agent');
  if (ua) out['user-agent'] = ua.slice(0, 400);
  let ip = '';
  try {
    ip = context.clientAddress ?? '';
  } catch {
    // Not every adapter knows the address (prerendering, some tests).
  }
  if (ip) out['x-forwarded-for'] = ip;
  return out;
}

/**
 * The one-time message the backend keeps for a sign-in (a deletion in its cooling-off cancelled by it); null when there is
 * none, or the backend has no privacy feature (the call answers 404) or fails: a login never fails for it.
 */
export const signInNotice = (access: string): Promise<string | null> =>
  apiFor(access)
    .call(privacy.takeNotice)
    .then((r) => r.message)
    .catch(() => null);
