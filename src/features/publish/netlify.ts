/**
 * Publishing on Netlify: rebuild events POST the site's build hook (Netlify queues builds and skips all but the last of a
 * burst); a deploy notification, its JWS signature verified, purges the tagged on-demand pages a deploy does not clear.
 * Functions keep no state between instances, so the dedupe of webhook ids and the status here are per instance.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { effectOf, type Effect, type PublishSink, type PublishStatus } from './effects.ts';
import { DEDUPE_MS, type PublishEvent } from './webhook.ts';

export interface NetlifySinkOptions {
  /**
   * NETLIFY_BUILD_HOOK_URL: a secret (anyone holding it can start builds); never logged, never sent to a browser. Without it
   * purges still work and rebuild events are accepted with the status saying why nothing was built (e.g. `netlify serve`).
   */
  buildHookUrl: string | undefined;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

export function netlifySink(o: NetlifySinkOptions): PublishSink {
  const seen = new Map<string, number>();
  const pending: string[] = [];
  let builds = 0;
  let lastFailure: PublishStatus['lastFailure'] = null;
  const log = o.log ?? ((l: string) => console.warn(l));
  return {
    async accept(id: string, event: PublishEvent, atMs: number, effect: Effect = effectOf(event)) {
      for (const [k, at] of seen) if (at < atMs - DEDUPE_MS) seen.delete(k);
      if (seen.has(id)) return 'duplicate';
      seen.set(id, atMs);
      // The CDN serves the static pages, so opening or closing the site needs a build there too.
      if (effect.kind !== 'rebuild' && effect.kind !== 'site') return 'accepted';
      if (!o.buildHookUrl) {
        lastFailure = { at: new Date().toISOString(), message: 'NETLIFY_BUILD_HOOK_URL is not set: nothing was built' };
        log(`[publish] ${id} (${event.type}) accepted but not built: NETLIFY_BUILD_HOOK_URL is not set`);
        return 'accepted';
      }
      pending.push(id);
      const url = new URL(o.buildHookUrl);
      url.searchParams.set('trigger_title', `publish ${id} (${event.type})`.slice(0, 200));
      // Not awaited past the 100 ms the sender waits for: a failure is logged and shown in the status.
      const call = (o.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: [id] }),
        signal: AbortSignal.timeout(10_000),
      })
        .then((r) => {
          if (!r.ok) throw new Error(`build hook answered ${r.status}`);
          builds++;
        })
        .catch((e: unknown) => {
          lastFailure = { at: new Date().toISOString(), message: (e as Error).message };
          log(`[publish] the build hook call for ${id} failed: ${(e as Error).message}`);
        });
      await Promise.race([call, new Promise((r) => setTimeout(r, 50))]);
      return 'accepted';
    },
    status(): PublishStatus {
      return {
        state: lastFailure ? 'failed' : pending.length ? 'building' : 'idle',
        pending: [...pending],
        builds,
        lastSuccess: null,
        lastFailure,
      };
    },
  };
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Verifies a Netlify deploy notification's `X-Webhook-Signature`: a JWS (HS256) signed with the notification's secret, with
 * `iss: "netlify"` and `sha256` the hex SHA-256 of the raw body.
 */
export function verifyNetlifySignature(jws: string | null, body: string, secret: string | undefined): boolean {
  if (!jws || !secret) return false;
  const parts = jws.split('.');
  if (parts.length !== 3) return false;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'HS256') return false;
    const expected = Buffer.from(b64url(createHmac('sha256', secret).update(`${h}.${p}`).digest()));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { iss?: string; sha256?: string };
    return claims.iss === 'netlify' && claims.sha256 === createHash('sha256').update(body).digest('hex');
  } catch {
    return false;
  }
}

/** Signs like Netlify does (tests, and a local dry run of the notification endpoint). */
export function signNetlifyNotification(body: string, secret: string): string {
  const h = b64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const p = b64url(Buffer.from(JSON.stringify({ iss: 'netlify', sha256: createHash('sha256').update(body).digest('hex') })));
  return `${h}.${p}.${b64url(createHmac('sha256', secret).update(`${h}.${p}`).digest())}`;
}
