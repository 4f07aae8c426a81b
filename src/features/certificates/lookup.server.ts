/** The public certificate look-up shared by the verification page and its PDF: gate, input check, rate limit, one neutral failure. */
import { certificates, type Certificate } from '#src/shared/api/contract/certificates.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { api } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { lookupAttempts } from './attempts.ts';
import { lookupPair, NOT_VERIFIED, TOO_MANY_ATTEMPTS } from './certificate.ts';

export type Lookup =
  | { kind: 'ok'; cert: Certificate }
  /** The feature is off (or view control cannot be read): the 404 page. */
  | { kind: 'off' }
  | { kind: 'refused'; status: 404 | 429; message: string }
  | { kind: 'outage' };

/** A verified page or PDF may be kept by browsers and CDNs for a while: the pair in its URL is the only key to it. */
export const CERT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

export async function lookUpCertificate(rawNo: string, rawSerial: string, client: string, now = Date.now()): Promise<Lookup> {
  const views = await api.call(site.viewControl).catch(() => null);
  if (!views || !featureShown(views, 'coa_part')) return { kind: 'off' };
  if (!lookupAttempts.allowed(client, now)) return { kind: 'refused', status: 429, message: TOO_MANY_ATTEMPTS };
  const pair = lookupPair(rawNo, rawSerial);
  if (!pair) {
    lookupAttempts.fail(client, now);
    return { kind: 'refused', status: 404, message: NOT_VERIFIED };
  }
  try {
    return { kind: 'ok', cert: await api.call(certificates.verify, { input: pair }) };
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business' && (e.status === 404 || e.status === 400)) {
      lookupAttempts.fail(client, now);
      return { kind: 'refused', status: 404, message: NOT_VERIFIED };
    }
    return { kind: 'outage' };
  }
}

/** Who is asking, for the limiter: the client address Astro reports, else one shared key (stricter, never looser). */
export function clientKey(get: () => string): string {
  try {
    return get() || 'unknown';
  } catch {
    return 'unknown';
  }
}
