/**
 * The warm renderer of the fast publish path (docs/publishing.md "The fast path"). Runs `astro build` in this process
 * (the same config, integrations and output as `astro build`, so it is also the publisher's full build), keeps the build's
 * own pre-rendering loaded afterwards (the prerender entry Astro imports to write the pages, with every chunk of it imported
 * before Astro removes its folder), and then, on the parent's request over IPC, renders only the pages an article event
 * touches: the article, its list pages, its neighbours, and the pages without a cache key that show its collection.
 *
 * Messages in: `{ type: 'render', id, changes: [{ kind: 'news', ids }], outDir }` (writes the pages under `outDir`, the
 * client folder's layout) and `{ type: 'paths' }`. Out: `{ type: 'ready' }` once the build is done and the paths are
 * known, `{ type: 'rendered', id, written, removed, seconds }`, `{ type: 'failed', id, message }`.
 * Usage: node server/publish/warm-renderer.ts (with the build's environment: ASTRO_OUT_DIR, ASTRO_CACHE_DIR, API bases).
 */
import { createHash } from 'node:crypto';
import { readdir, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'astro';
import { createApi } from '#src/shared/api/client.ts';
import { apiBasesOf, envNumber } from '#server/env.ts';
import { content } from '#src/shared/api/contract/content.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import type { CollectionName, ContentHook, Entry } from '#src/content/entries.ts';
import {
  affectedPaths,
  FAST_COLLECTION,
  inNewsOrder,
  mergeInPlace,
  mergeNews,
  routeReadsChanged,
  staleNeighboursNear,
  type FastKind,
  type NewsLike,
  type PathState,
} from '#src/features/publish/fast.ts';

// Astro's own helpers for the paths of the pre-rendered routes and their files (the build calls the same ones).
const astroDist = (p: string) => pathToFileURL(join(process.cwd(), 'node_modules/astro/dist', p)).href;
type StaticPath = { params: Record<string, string>; cacheKey?: unknown };
/** Astro's call, which also keys the paths by their pathname (`keyed`: the same `stringifyParams` as below, done once). */
const { callGetStaticPaths } = (await import(astroDist('core/render/route-cache.js'))) as {
  callGetStaticPaths: (o: unknown) => Promise<StaticPath[] & { keyed?: Map<string, StaticPath> }>;
};
const { stringifyParams } = (await import(astroDist('core/routing/params.js'))) as {
  stringifyParams: (p: unknown, r: unknown, t: unknown) => string;
};
const { getOutFolder, getOutFile } = (await import(astroDist('core/build/common.js'))) as {
  getOutFolder: (s: unknown, p: string, r: unknown) => URL;
  getOutFile: (f: unknown, folder: URL, p: string, r: unknown) => URL;
};
const { createRequest } = (await import(astroDist('core/request.js'))) as { createRequest: (o: unknown) => Request };

interface RouteData {
  route: string;
  component: string;
  prerender: boolean;
  pathname?: string;
  type: string;
  isIndex?: boolean;
}
interface Prerenderer {
  app: {
    manifest: { routes: { routeData: RouteData }[]; serverLike: boolean; base: string; trailingSlash: string };
    routeCache: { clearAll: () => void; cache: Record<string, unknown>; key: (r: RouteData) => string };
    getComponentByRoute: (r: RouteData) => Promise<unknown>;
    getOptions: () => {
      origin: string;
      logger: unknown;
      settings: { config: { build: { format: string; client: URL }; outDir: URL; trailingSlash: string } };
    };
  };
  render: (req: Request, o: { routeData: RouteData; collectMetadata: boolean }) => Promise<{ response: Response } | Response>;
}

const send = (m: unknown) => process.send?.(m);
const log = (line: string) => console.log(`[warm-renderer] ${line}`);

/**
 * The build's pre-rendering, kept. Astro imports the prerender entry from a folder it removes once the pages are written;
 * `astro:build:generated` runs just before that, so the entry (the same module instance Astro rendered with, already given
 * the build's internals and options) and every other chunk of the bundle are imported then, and stay in memory.
 */
let kept: Prerenderer | undefined;
function keepRenderer(): AstroIntegration {
  let folders: string[] = [];
  return {
    name: 'keep-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        folders = [new URL('./.prerender/', config.build.server), new URL('./.prerender/', config.outDir)].map((u) => fileURLToPath(u));
      },
      'astro:build:generated': async () => {
        for (const dir of folders) {
          const files = (await walk(dir)).filter((f) => /\.m?js$/.test(f));
          const entry = files.find((f) => /(^|\/)prerender-entry[^/]*$/.test(f));
          if (!entry) continue;
          const { app } = (await import(pathToFileURL(entry).href)) as {
            app: Prerenderer['app'] & { render: (q: Request, o: { routeData: RouteData }) => Promise<Response> };
          };
          for (const f of files) await import(pathToFileURL(f).href);
          kept = { app, render: (req, o) => app.render(req, { routeData: o.routeData }) };
          return;
        }
      },
    },
  };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

const started = performance.now();
await build({ integrations: [keepRenderer()] } as never);
if (!kept) throw new Error('the build kept no renderer (no pre-rendered pages?)');
const r: Prerenderer = kept;
const hook = (globalThis as Record<symbol, ContentHook | undefined>)[Symbol.for('gas-storefront.content-hook')];
if (!hook) throw new Error('the content hook of src/content/entries.ts is not loaded');
const options = r.app.getOptions();
const settings = options.settings;
const clientDir = fileURLToPath(settings.config.build.client);
const routes = r.app.manifest.routes.map((x) => x.routeData).filter((x) => x.prerender && x.type !== 'redirect' && x.type !== 'fallback');

const api = createApi({ bases: apiBasesOf(), timeoutMs: envNumber('API_TIMEOUT_MS') });

/**
 * Every pre-rendered path now, with its route, its cache key, and (per route or per path) the collections read to make it.
 * After an edit (`changed`), only the routes whose `getStaticPaths` read a changed collection are called again (with their
 * entry of Astro's route cache dropped, so their pages render with the new props); the others keep their paths: at 50,000
 * news the wiki's, cases' and services' routes cost nothing per edit.
 */
const reads = new Map<string, Set<string>>();
async function paths(withReads: boolean, changed?: ReadonlySet<string>): Promise<(PathState & { data: RouteData })[]> {
  if (!changed) r.app.routeCache.clearAll();
  const previous = new Map<string, (PathState & { data: RouteData })[]>();
  if (changed) {
    for (const p of state) {
      const list = previous.get(p.route);
      if (list) list.push(p);
      else previous.set(p.route, [p]);
    }
  }
  const out: (PathState & { data: RouteData })[] = [];
  for (const route of routes) {
    if (route.pathname) {
      out.push({ pathname: route.pathname, route: route.route, data: route });
      continue;
    }
    if (changed && !routeReadsChanged(route.route, changed, reads)) {
      for (const p of previous.get(route.route) ?? []) out.push(p);
      continue;
    }
    if (changed) delete r.app.routeCache.cache[r.app.routeCache.key(route)];
    const mod = await r.app.getComponentByRoute(route);
    if (withReads) hook!.reads = new Set();
    const list = await callGetStaticPaths({
      mod,
      route,
      routeCache: r.app.routeCache,
      ssr: r.app.manifest.serverLike,
      base: r.app.manifest.base,
      trailingSlash: r.app.manifest.trailingSlash,
    });
    if (withReads) reads.set(`route:${route.route}`, hook!.reads!);
    hook!.reads = null;
    // 53,000 paths at 50,000 news: Astro's keys spare stringifying each path a second time.
    const keyed = list.keyed ?? new Map(list.map((sp) => [stringifyParams(sp.params, route, r.app.manifest.trailingSlash), sp]));
    for (const [pathname, sp] of keyed) {
      out.push({ pathname, route: route.route, cacheKey: sp.cacheKey === undefined ? undefined : String(sp.cacheKey), data: route });
    }
  }
  return out;
}

/** The file a path is written to, relative to the client folder (Astro's own rule: /about/news/1 -> about/news/1/index.html). */
function fileOf(pathname: string, route: RouteData): string {
  const encoded = encodeURI(pathname);
  const url = getOutFile(settings.config.build.format, getOutFolder(settings, encoded, route), encoded, route);
  return relative(clientDir, fileURLToPath(url));
}

/** Renders one path as the build does (a pre-rendering request of the site's URL); the body, or null when there is none. */
async function renderOne(p: PathState & { data: RouteData }, track: boolean): Promise<Buffer | null> {
  const trailing = settings.config.build.format === 'directory' && p.data.type === 'page' && !p.pathname.endsWith('/') ? '/' : '';
  const url = new URL(p.pathname + trailing, options.origin);
  const request = createRequest({
    url,
    headers: new Headers(),
    logger: options.logger,
    isPrerendered: true,
    routePattern: p.data.component,
  });
  if (track) hook!.reads = new Set();
  try {
    const res = await r.render(request, { routeData: p.data, collectMetadata: false });
    const response = res instanceof Response ? res : res.response;
    if (track) reads.set(p.pathname, hook!.reads!);
    if (!response.body || response.status >= 300) return null;
    return Buffer.from(await response.arrayBuffer());
  } finally {
    hook!.reads = null;
  }
}

// What each page without a cache key reads: rendered once now (in memory), so an edit knows whether they show its collection.
let state = await paths(true);
const t0 = performance.now();
let tracked = 0;
for (const p of state) {
  if (p.cacheKey !== undefined || p.data.type !== 'page' || p.pathname.startsWith('/pagefind')) continue;
  await renderOne(p, true).catch(() => null);
  tracked++;
}
log(
  `ready: build ${((t0 - started) / 1000).toFixed(1)} s; ${state.length} paths; ${tracked} pages without a cache key read once in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
send({ type: 'ready', seconds: (performance.now() - started) / 1000, paths: state.length });

const digestOf = (data: unknown) => createHash('sha1').update(JSON.stringify(data)).digest('hex');
/** Null for the API's not-found answer (ApiError status 404: deleted or unpublished); anything else (down, a wrong shape) fails the fast publish. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Fetches a news detail again; null when the API no longer has it. */
const newsDetail = (id: number) => orNull(api.call(content.infoDetail, { params: { id } }) as unknown as Promise<NewsLike>);

/** The detail call of the other kinds, the same the build's loaders make (src/content.config.ts). */
const DETAIL: Record<Exclude<FastKind, 'news'>, (id: number) => Promise<unknown>> = {
  wiki: (id) => api.call(content.wikiDetail, { params: { id } }),
  case: (id) => api.call(content.caseDetail, { params: { id } }),
  article: (id) => api.call(content.article, { input: { articleCode: id } }),
};

/**
 * Applies changed wiki entries, cases or service articles to their collection, as the content store would (`mergeInPlace`);
 * their details show nothing of other entries, so only the changed ids are fetched. Returns the changed entries' digests.
 */
async function refreshListed(kind: Exclude<FastKind, 'news'>, ids: number[]): Promise<{ ids: number[]; digests: Set<string> }> {
  const name: CollectionName = FAST_COLLECTION[kind];
  const list = hook!.override.get(name) ?? (await hook!.read(name));
  const fresh = new Map<string, unknown>();
  await Promise.all(ids.map(async (id) => fresh.set(String(id), await orNull(DETAIL[kind](id)))));
  const next = mergeInPlace(list, fresh, digestOf);
  hook!.override.set(name, next);
  const before = new Map(list.map((e) => [e.id, e.digest]));
  const after = new Map(next.map((e) => [e.id, e.digest]));
  const digests = new Set<string>();
  for (const id of fresh.keys())
    if (before.get(id) !== after.get(id)) for (const d of [before.get(id), after.get(id)]) if (d) digests.add(d);
  return { ids, digests };
}

/**
 * Applies changed news to the collection the pages read: the edited details, then every entry whose neighbours moved.
 * Returns the ids fetched again and the digests (old and new) of the entries that changed: a page whose cache key holds one
 * shows a changed entry (its own page, its neighbours', the list pages it is or was on).
 */
async function refreshNews(ids: number[]): Promise<{ ids: number[]; digests: Set<string> }> {
  const start =
    (hook!.override.get('news') as Entry<NewsLike>[] | undefined) ?? inNewsOrder((await hook!.read('news')) as Entry<NewsLike>[]);
  const fresh = new Map<number, NewsLike | null>();
  await Promise.all(ids.map(async (id) => fresh.set(id, await newsDetail(id))));
  let list = mergeNews(start, fresh, digestOf);
  // Only the entries near the changed ones can have new neighbours (no pass over all 50,000 per edit).
  const again = staleNeighboursNear(start, list, fresh.keys()).filter((id) => !fresh.has(id));
  if (again.length) {
    const more = new Map<number, NewsLike | null>();
    await Promise.all(again.map(async (id) => more.set(id, await newsDetail(id))));
    list = mergeNews(list, more, digestOf);
  }
  hook!.override.set('news', list as Entry<unknown>[]);
  const all = [...ids, ...again];
  const digestIn = (l: readonly Entry<NewsLike>[], id: number) => l.find((e) => e.id === String(id))?.digest;
  const digests = new Set<string>();
  for (const id of all) {
    const [was, now] = [digestIn(start, id), digestIn(list, id)];
    if (was !== now) for (const d of [was, now]) if (d) digests.add(d);
  }
  return { ids: all, digests };
}

/** Renders `pathnames` of the current state into `outDir` (written beside and renamed); the files written and the new ones. */
async function writePaths(pathnames: readonly string[], outDir: string, old: ReadonlyMap<string, unknown>) {
  const byPath = new Map(state.map((p) => [p.pathname, p]));
  const written: string[] = [];
  const created: string[] = [];
  for (const pathname of pathnames) {
    const p = byPath.get(pathname);
    if (!p) continue;
    const body = await renderOne(p, p.cacheKey === undefined);
    if (!body) continue;
    const file = fileOf(pathname, p.data);
    const dst = join(outDir, file);
    await mkdir(dirname(dst), { recursive: true });
    // Written beside and renamed: a layer's files are hard links to the last layer's, which must never change in place.
    await writeFile(`${dst}.tmp`, body);
    await rename(`${dst}.tmp`, dst);
    written.push(file);
    if (!old.has(pathname)) created.push(file);
  }
  return { written, created };
}

let queue = Promise.resolve();
process.on('message', (m: { type: string; id: number; changes: { kind: FastKind; ids: number[] }[]; paths: string[]; outDir: string }) => {
  if (m.type !== 'render' && m.type !== 'render-paths') return;
  queue = queue.then(async () => {
    const t = performance.now();
    try {
      if (m.type === 'render-paths') {
        const { written, created } = await writePaths(m.paths, m.outDir, new Map(state.map((p) => [p.pathname, p])));
        send({
          type: 'rendered',
          id: m.id,
          written,
          created,
          removed: [],
          rest: [],
          refetched: [],
          seconds: { render: (performance.now() - t) / 1000 },
        });
        return;
      }
      const changed = new Set<string>();
      const refetched: number[] = [];
      const digests = new Set<string>();
      for (const c of m.changes) {
        const r = c.kind === 'news' ? await refreshNews(c.ids) : await refreshListed(c.kind, c.ids);
        refetched.push(...r.ids);
        for (const d of r.digests) digests.add(d);
        changed.add(FAST_COLLECTION[c.kind]);
      }
      const t1 = performance.now();
      const next = await paths(false, changed);
      const { render, remove } = affectedPaths(state, next, changed, reads);
      const old = new Map(state.map((p) => [p.pathname, p]));
      const now = new Map(next.map((p) => [p.pathname, p]));
      // First the pages that show a changed entry (the article, its neighbours, the list pages it is or was on, the pages
      // without a cache key); the list pages that only moved by one (after a new or a deleted article) come in the next release.
      const shows = (key: string | undefined) => key !== undefined && key.split(':').some((d) => digests.has(d));
      const first = render.filter(
        (p) => now.get(p)!.cacheKey === undefined || !old.has(p) || shows(now.get(p)!.cacheKey) || shows(old.get(p)?.cacheKey),
      );
      const rest = render.filter((p) => !first.includes(p));
      state = next;
      const t2 = performance.now();
      const { written, created } = await writePaths(first, m.outDir, old);
      const removed = remove.map((pathname) => fileOf(pathname, old.get(pathname)!.data));
      const t3 = performance.now();
      send({
        type: 'rendered',
        id: m.id,
        written,
        created,
        removed,
        rest,
        refetched,
        seconds: { content: (t1 - t) / 1000, paths: (t2 - t1) / 1000, render: (t3 - t2) / 1000 },
      });
    } catch (e) {
      send({ type: 'failed', id: m.id, message: (e as Error).stack ?? String(e) });
    }
  });
});
process.on('disconnect', () => process.exit(0));
