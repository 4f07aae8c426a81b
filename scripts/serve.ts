/**
 * The shop's Node server: Astro's standalone handler wrapped so that static files too get the security headers and the
 * closed-site page, with compression and cache rules (src/lib/http/cache.ts). With PUBLISH_RELEASES it serves the live
 * release folder and runs the publisher (scripts/publish/) that the webhook endpoint hands events to.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from '../src/lib/api/client.ts';
import { API_BASES, type ApiBase } from '../src/lib/api/contract/core.ts';
import { legacyRedirect } from '../src/lib/http/legacy-redirects.ts';
import { registerSink } from '../src/lib/publish/effects.ts';
import { SECURITY_HEADERS, FRAME_ANCESTORS_POLICY } from '../src/lib/http/security-headers.ts';
import { bypassesClosedCheck, siteStatusChecker } from '../src/lib/site/status.ts';
import { compressOnTheFly, staticTextServer } from './lib/http-delivery.ts';
import { nodeBuilder } from './publish/node-build.ts';
import { Publisher } from './publish/publisher.ts';
import { FastLane } from './publish/fast-path.ts';
import { layeredStatic, readLayer } from './publish/layers.ts';
import { fastChangeOf } from '../src/lib/publish/fast.ts';
import { currentRelease, prune, snapshot, switchTo } from './publish/releases.ts';
import { quietSqliteWarning } from './lib/quiet-sqlite.ts';

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
  handler: Handler;
  serveStatic: ReturnType<typeof staticTextServer>;
}

/** Loads a build's server and static files; each release's server is its own module instance (its own route cache too). */
async function load(dir: string, n: number): Promise<Release> {
  // A fast publish's layer release (scripts/publish/layers.ts): its files over its full release's, and that release's server.
  const layer = readLayer(dir);
  if (layer) {
    const base = await releaseOf(layer.base);
    return { n, handler: base.handler, serveStatic: layeredStatic(join(dir, 'client'), join(releasesDir!, String(layer.base), 'client'), layer.removed, base.serveStatic) };
  }
  const { handler } = (await import(pathToFileURL(join(dir, 'server/entry.mjs')).href)) as { handler: Handler };
  return { n, handler, serveStatic: staticTextServer(join(dir, 'client')) };
}

const buildDir = resolve(process.env.ASTRO_OUT_DIR ?? 'dist');
const releasesDir = process.env.PUBLISH_RELEASES ? resolve(process.env.PUBLISH_RELEASES) : null;
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
        if (currentRelease(releasesDir) === r.n) active = r;
        for (const n of loaded.keys()) if (n !== active.n && n !== currentRelease(releasesDir)) loaded.delete(n);
      },
      (e: unknown) => console.error(`[publish] release ${live} could not be loaded: ${(e as Error).message}`),
    );
  }
  return active;
}

if (releasesDir) {
  const seconds = (name: string, fallback: number) => {
    const v = Number(process.env[name] ?? fallback);
    return Number.isFinite(v) && v >= 0 ? v * 1000 : fallback * 1000;
  };
  const dataDir = resolve(process.env.PUBLISH_DATA ?? '.publish-data');
  // The fast path (docs/publishing.md): an article edit rendered at once by the last full build kept loaded.
  const fast =
    process.env.PUBLISH_FAST === '1'
      ? new FastLane({
          releasesDir,
          preload: async (_dir, n) => void (await releaseOf(n)),
          live: async (n) => void (active = await releaseOf(n)),
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
        active = await releaseOf(n);
      },
      log: (l) => console.log(l),
    }),
  });
  registerSink(publisher);
}

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const bases = Object.fromEntries(API_BASES.map((b) => [b, process.env[`API_BASE_${b.toUpperCase()}`] || 'http://127.0.0.1:4010'])) as Record<ApiBase, string>;
const checkSite = siteStatusChecker(createApi({ bases, timeoutMs: Number(process.env.API_TIMEOUT_MS ?? 8000) }), Number(process.env.SITE_STATUS_TTL_MS ?? 5000));

const server = createServer(async (req, res) => {
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
  if ((req.method === 'GET' || req.method === 'HEAD') && !bypassesClosedCheck(path) && !(await checkSite()).open) req.url = '/503';
  else if (release.serveStatic(req, res, path)) return;
  compressOnTheFly(req, res);
  release.handler(req, res);
});
server.listen(port, host, () => console.log(`shop server listening on http://${host}:${port}${releasesDir ? ` (release ${active.n})` : ''}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
