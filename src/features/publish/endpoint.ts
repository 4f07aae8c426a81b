/**
 * POST /api/publish and GET /api/publish/status as plain request-to-response functions, so the Astro routes stay thin and
 * the rules (size, signature, dedupe, purge, answers) are tested without a server.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { effectOf, type PublishSink } from './effects.ts';
import { MAX_BODY_BYTES, parseSecrets, verifyWebhook } from './webhook.ts';
import { statusOfEvent, type SiteStatus } from '#src/features/shell/status.ts';
import { readCappedText } from '#src/shared/http/body.ts';

export interface PublishDeps {
  /** PUBLISH_WEBHOOK_SECRETS. */
  secrets: string | undefined;
  sink: PublishSink | undefined;
  /** Purges on-demand pages by cache tag (Astro's cache provider: in-process on Node, the CDN on Netlify). */
  invalidate: (tags: string[]) => Promise<void> | void;
  /** Lets a purge finish after the answer (Netlify's waitUntil); by default it is just not awaited. */
  later?: (work: Promise<unknown>) => void;
  /** Applies a `site.changed` event's open/closed status to the server's site-status memo at once (src/features/shell/status.ts). */
  applySite?: (status: SiteStatus) => void;
  now?: () => number;
  log?: (line: string) => void;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

export const NOT_CONFIGURED = { error: 'publishing is not configured' };

export async function handlePublish(request: Request, deps: PublishDeps): Promise<Response> {
  const log = deps.log ?? ((l: string) => console.warn(l));
  const now = deps.now ?? Date.now;
  let keys: Buffer[];
  try {
    keys = parseSecrets(deps.secrets);
  } catch (e) {
    log(`[publish] ${(e as Error).message}`);
    keys = [];
  }
  if (!keys.length || !deps.sink) return answer(503, NOT_CONFIGURED);
  const body = await readCappedText(request, MAX_BODY_BYTES);
  // A rejected call is logged with its reason and id, never its body.
  if (body === null) {
    log(`[publish] rejected 413: body over ${MAX_BODY_BYTES} bytes (webhook-id ${request.headers.get('webhook-id') ?? '-'})`);
    return answer(413, { error: `body over ${MAX_BODY_BYTES / 1024} KB` });
  }
  const verdict = verifyWebhook({ header: (n) => request.headers.get(n), body, keys, nowS: Math.floor(now() / 1000) });
  if (!verdict.ok) {
    log(
      `[publish] rejected ${verdict.status}: ${verdict.error} (webhook-id ${verdict.id ?? request.headers.get('webhook-id')?.slice(0, 80) ?? '-'})`,
    );
    return answer(verdict.status, { error: verdict.error });
  }
  // The effect is decided here, once, and handed to the sink with the event.
  const effect = effectOf(verdict.event);
  const outcome = await deps.sink.accept(verdict.id, verdict.event, now(), effect);
  if (outcome === 'duplicate') return answer(200, { duplicate: true });
  const site = verdict.event.type === 'site.changed' ? statusOfEvent(verdict.event.data) : null;
  if (site) {
    deps.applySite?.(site);
    log(`[publish] site ${site.open ? 'opened' : 'closed'} by ${verdict.id}`);
  }
  if (effect.kind === 'purge') {
    const purge = Promise.resolve()
      .then(() => deps.invalidate(effect.tags))
      .catch((e: unknown) => log(`[publish] purge of ${effect.tags.join(',')} failed: ${(e as Error).message}`));
    (deps.later ?? (() => undefined))(purge);
  }
  return answer(202, { accepted: true });
}

/** Constant-time check of a bearer token against the configured one (both hashed first, so lengths do not leak). */
export function bearerMatches(header: string | null, token: string | undefined): boolean {
  if (!token) return false;
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const h = (s: string) => createHash('sha256').update(s).digest();
  return given.length > 0 && timingSafeEqual(h(given), h(token));
}

export async function handleStatus(
  request: Request,
  deps: { token: string | undefined; sink: PublishSink | undefined },
): Promise<Response> {
  if (!deps.token || !deps.sink) return answer(503, NOT_CONFIGURED);
  if (!bearerMatches(request.headers.get('authorization'), deps.token))
    return answer(401, { error: 'a valid Authorization: Bearer token is required' });
  return answer(200, await deps.sink.status());
}
