/**
 * The shop's Node server: Astro's standalone handler wrapped so that static files too get the security headers and the
 * closed-site page, with compression and cache rules (src/shared/http/cache.ts). With PUBLISH_RELEASES it serves the live
 * release folder and runs the publisher (server/publish/) that the webhook endpoint hands events to. GET /healthz answers
 * for a load balancer (server/publish/health.ts); the site-status memo is the process's one (src/features/shell/status.ts).
 * Public pages of Astro's route cache are answered again for a second without entering Astro (server/response-cache.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from '#src/shared/api/client.ts';
import { apiBasesOf, envNumber } from '#server/env.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { legacyRedirect } from '#src/shared/http/legacy-redirects.ts';
import { registerSink } from '#src/features/publish/effects.ts';
import { parseSecrets, signedHeaders } from '#src/features/publish/webhook.ts';
import { SECURITY_HEADERS, FRAME_ANCESTORS_POLICY } from '#src/shared/http/security-headers.ts';
import { onPurgeResponses } from '#src/shared/http/cache.ts';
import { bypassesClosedCheck, sharedSiteStatus, siteStatusChecker } from '#src/features/shell/status.ts';
import { compressedPages, compressOnTheFly, staticTextServer } from './http-serving.ts';
import { responseCache } from './response-cache.ts';
import { nodeBuilder } from './publish/node-build.ts';
import { health, HEALTH_HEADERS } from './publish/health.ts';
import { Publisher } from './publish/publisher.ts';
import { FastLane } from './publish/fast-path.ts';
import { layeredStatic, readLayer } from './publish/layers.ts';
import { fastChangeOf } from '#src/features/publish/fast.ts';
import { pruneServerCode, serverEntry } from './publish/server-code.ts';
import { currentRelease, prune, snapshot, switchTo } from './publish/releases.ts';
import { quietSqliteWarning } from './quiet-sqlite.ts';
import { lingerAfterEarlyAnswer } from './linger.ts';

quietSqliteWarning();
// The publisher's state store loads node:sqlite, so it is imported after the filter.
const { PublishStore } = await import('./publish/store.ts');

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React's server renderer picks its development build (several times slower, found by profiling /shop/1) unless told otherwise.
process.env.NODE_ENV ??= 'production';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Release {
  /** Release number; 0 when serving the build folder directly (no publisher). */
  n: number;
  /** Digest of its server code (server/publish/server-code.ts); releases with the same digest share one loaded module. */
  code: string | null;
  handler: Handler;
  serveStatic: ReturnType<typeof staticTextServer>;
}

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const buildDir = resolve(process.env.ASTRO_OUT_DIR ?? 'dist');
const releasesDir = process.env.PUBLISH_RELEASES ? resolve(process.env.PUBLISH_RELEASES) : null;

/**
 * Server modules loaded, by code digest. Node cannot unload an ES module, so a module per release grew the server by every
 * release (290 -> 728 MB RSS over 57 publishes, static req/s 4,474 -> ~1,700); a content-only publish keeps the code, so
 * its release reuses the module already loaded. Only a release with other server code (a deploy of new code under a
 * running server) loads another one.
 */
const modules = new Map<string, Promise<Handler>>();

/** Loads a release's server (once per code digest) and its static files. */
async function load(dir: string, n: number): Promise<Release> {
  // A fast publish's layer release (server/publish/layers.ts): its files over its full release's, and that release's server.
  const layer = readLayer(dir);
  if (layer) {
    const base = await releaseOf(layer.base);
    return {
      n,
      code: base.code,
      handler: base.handler,
      serveStatic: layeredStatic(join(dir, 'client'), join(releasesDir!, String(layer.base), 'client'), layer.removed, base.serveStatic),
    };
  }
  if (!releasesDir) {
    const { handler } = (await import(pathToFileURL(join(dir, 'server/entry.mjs')).href)) as { handler: Handler };
    return { n, code: null, handler, serveStatic: staticTextServer(join(dir, 'client')) };
  }
  const { digest, entry } = await serverEntry(releasesDir, dir);
  let handler = modules.get(digest);
  if (!handler) {
    handler = import(pathToFileURL(entry).href).then((m: { handler: Handler }) => m.handler);
    modules.set(digest, handler);
    handler.catch(() => modules.delete(digest));
    if (modules.size > 1)
      console.warn(
        `[publish] release ${n} brings other server code (${digest}): ${modules.size} server modules loaded; restart the server to free the old ones`,
      );
  }
  return { n, code: digest, handler: await handler, serveStatic: staticTextServer(join(dir, 'client')) };
}
let active: Release;
/** Releases loaded or being loaded, by number: the live one, and a new one before it goes live. */
const loaded = new Map<number, Promise<Release>>();
const releaseOf = (n: number) => {
  let r = loaded.get(n);
  if (!r) {
    r = load(join(releasesDir!, String(n)), n);
    loaded.set(n, r);
    r.catch(() => loaded.delete(n));
  }
  return r;
};

if (releasesDir) {
  // Server code folders of an earlier run: nothing is loaded yet, so each is made again when a release needs it.
  await pruneServerCode(releasesDir, new Set());
  // The build `npm start` just made (or a first start) becomes a release; later builds come from the publisher.
  if (process.env.PUBLISH_FROM_BUILD === '1' || currentRelease(releasesDir) === null) {
    const r = await snapshot(buildDir, releasesDir);
    await switchTo(releasesDir, r.n);
    await prune(releasesDir);
  }
  active = await releaseOf(currentRelease(releasesDir)!);
} else {
  active = await load(buildDir, 0);
}

/**
 * Makes `r` the release new requests go to. When it keeps the server module already live, that module's route cache still
 * holds on-demand pages rendered with the last release's data (menus, site data), which a new module used to drop with it:
 * the catalogue pages are purged, as after a deploy on a CDN (AFTER_DEPLOY_TAGS), through the signed webhook a
 * `category.changed` event without ids takes (every catalogue page).
 */
function makeActive(r: Release): void {
  const previous = active;
  active = r;
  // Answers kept from the last release (its files, its data) are not given for the new one.
  if (previous && previous.n !== r.n) responseCache.clear();
  if (previous && previous.n !== r.n && previous.code !== null && previous.code === r.code) void purgeCatalogue(r.n);
}

async function purgeCatalogue(n: number): Promise<void> {
  let keys: Buffer[] = [];
  try {
    keys = parseSecrets(process.env.PUBLISH_WEBHOOK_SECRETS);
  } catch {
    // The endpoint says why on every call; nothing to purge through.
  }
  if (!keys.length) return;
  const body = JSON.stringify({ type: 'category.changed', data: {} });
  const id = `msg_release_${n}_${Date.now()}`;
  try {
    // The server's own address; a wildcard listen address is reached through the loopback.
    const self = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    const res = await fetch(`http://${self}:${port}/api/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(keys.slice(0, 1), id, Math.floor(Date.now() / 1000), body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) console.warn(`[publish] release ${n}: the catalogue purge answered ${res.status}`);
  } catch (e) {
    console.warn(`[publish] release ${n}: the catalogue purge failed: ${(e as Error).message}`);
  }
}

/**
 * The release a request is served by: the `current` symlink read per request (one readlink), so a switch by the publisher or
 * by `npm run publish:rollback` takes effect at once. A release not loaded yet is loaded in the background while the one
 * already live keeps serving; requests in flight finish on the release they started on.
 */
function releaseForRequest(): Release {
  if (!releasesDir) return active;
  const live = currentRelease(releasesDir);
  if (live !== null && live !== active.n) {
    void releaseOf(live).then(
      (r) => {
        if (currentRelease(releasesDir) === r.n) makeActive(r);
        for (const n of loaded.keys()) if (n !== active.n && n !== currentRelease(releasesDir)) loaded.delete(n);
      },
      (e: unknown) => console.error(`[publish] release ${live} could not be loaded: ${(e as Error).message}`),
    );
  }
  return active;
}

let publisherStatus: (() => ReturnType<Publisher['status']>) | undefined;
if (releasesDir) {
  const seconds = (name: string, fallback: number) => {
    const v = Number(process.env[name] ?? fallback);
    return Number.isFinite(v) && v >= 0 ? v * 1000 : fallback * 1000;
  };
  const dataDir = resolve(process.env.PUBLISH_DATA ?? '.publish-data');
  // The fast path (docs/publishing.md): an article edit rendered at once by the last full build kept loaded. On by default:
  // without it an edit waits for the quiet window and a full build (about 11 s on the seed site, against 0.5 s). It costs
  // a second process holding the whole build (0.7 GB at the seed site, 2.9 GB at 50,000 articles), so PUBLISH_FAST=0 turns
  // it off on a small server.
  const fast =
    process.env.PUBLISH_FAST !== '0'
      ? new FastLane({
          releasesDir,
          preload: async (_dir, n) => void (await releaseOf(n)),
          live: async (n) => {
            active = await releaseOf(n);
            responseCache.clear();
          },
          log: (l) => console.log(l),
        })
      : undefined;
  const publisher = new Publisher({
    store: new PublishStore(dataDir),
    quietMs: seconds('PUBLISH_QUIET_S', 20),
    maxWaitMs: seconds('PUBLISH_MAX_WAIT_S', 120),
    retryMs: (process.env.PUBLISH_RETRY_S ?? '30,120,600').split(',').map((s) => Number(s) * 1000),
    ...(fast
      ? {
          buildAtStart: true,
          fast: {
            accept: (_id, event, atMs) => {
              const change = fastChangeOf(event);
              if (change) fast.accept({ ...change, atMs });
            },
            status: () => fast.status(),
          },
        }
      : {}),
    build: nodeBuilder({
      fast,
      buildDir,
      releasesDir,
      dataDir,
      // Loaded before the symlink moves, so the first request on the new release does not wait for the import.
      preload: async (_dir, n) => {
        await releaseOf(n);
      },
      live: async (n) => {
        makeActive(await releaseOf(n));
      },
      log: (l) => console.log(l),
    }),
  });
  registerSink(publisher);
  publisherStatus = () => publisher.status();
}

const bases = apiBasesOf();
// Every release's purge of Astro's route cache (the publishing webhook, a new community post) empties the response cache too.
onPurgeResponses(() => responseCache.clear());
// The process's one site-status memo: every release's middleware and webhook endpoint find this one (src/features/shell/status.ts).
const checkSite = sharedSiteStatus(() =>
  siteStatusChecker(createApi({ bases, timeoutMs: envNumber('API_TIMEOUT_MS') }), envNumber('SITE_STATUS_TTL_MS')),
);
/** The health check's call of the backend: short, so a load balancer's check answers within its own timeout. */
const probeApi = createApi({ bases, timeoutMs: Number(process.env.HEALTH_TIMEOUT_MS ?? 2000) });

const server = createServer(async (req, res) => {
  lingerAfterEarlyAnswer(req, res);
  const release = releaseForRequest();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  // Static pages carry their CSP in a <meta>; frame-ancestors only works as a header. On-demand pages get it from the middleware.
  res.setHeader('content-security-policy', FRAME_ANCESTORS_POLICY);
  // Legacy addresses have no route of their own, so Astro would answer 404 before its middleware saw them.
  const target = legacyRedirect(new URL(req.url ?? '/', 'http://shop.local'));
  if (target) {
    res.writeHead(301, { location: target });
    res.end();
    return;
  }
  const path = (req.url ?? '/').split('?')[0]!;
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    const h = await health({
      release: () => ({ n: active.n, code: active.code }),
      publisher: publisherStatus,
      probe: () => probeApi.call(site.info),
      site: checkSite,
      serverModules: () => (releasesDir ? modules.size : 1),
    });
    res.writeHead(h.status, HEALTH_HEADERS);
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(h.body));
    return;
  }
  const closed = (req.method === 'GET' || req.method === 'HEAD') && !bypassesClosedCheck(path) && !(await checkSite()).open;
  if (closed) req.url = '/503';
  // After the closed check. A URL kept there was answered by Astro's handler, not by a static file (a new release, which
  // might bring one, empties the cache), so it is asked before the static files' lookup.
  else if (responseCache.answer(req, res)) return;
  else if (release.serveStatic(req, res, path)) return;
  compressOnTheFly(req, res, compressedPages, closed ? undefined : responseCache.recorder(req, res));
  release.handler(req, res);
});
server.listen(port, host, () =>
  console.log(`shop server listening on http://${host}:${port}${releasesDir ? ` (release ${active.n})` : ''}`),
);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
