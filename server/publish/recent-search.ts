/**
 * The search of the fast path: Pagefind cannot edit a bundle, and indexing a kind again takes seconds to minutes, so the
 * pages published fast since the last full index go into a small bundle of their own per kind, `pagefind/recent-<kind>/`,
 * which the search page merges into the kind's bundle (Pagefind's `mergeIndex`). `pagefind/kinds.json` lists them under
 * `recent`, with the main bundle's results those pages replace or that were removed (`superseded`: Pagefind's page ids),
 * which the search page leaves out: an edited page is found by its new words and no longer by its old ones, a removed page
 * not at all. The next full build indexes everything again and writes kinds.json without `recent`.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import { dirname, join } from 'node:path';
import * as pagefind from 'pagefind';
import { mapLimit } from '#src/features/articles/loader.ts';
import { pathOfHtmlFile } from '#src/features/shell/seo.ts';

const gunzip = promisify(gunzipCb);
/**
 * Fragments read at once. One per page: 50,000 at once ran the server out of file descriptors (EMFILE at 50,000 news, its
 * limit 20,000), and a synchronous gunzip of each held its event loop; now a few in flight, unzipped off the loop.
 */
const FRAGMENTS_IN_FLIGHT = 32;
import { fragmentTextPath, PAGE_IDS, SEARCH_MANIFEST, type SearchManifest } from '#build/search-index.ts';

/** Per kind bundle (keyed by its pagefind-entry.json, which changes with every index): page path -> Pagefind page ids. */
const idsByBundle = new Map<string, { key: string; ids: Promise<Map<string, string[]>> }>();

/**
 * The main bundle's page ids by page path (read from its fragments once per bundle version; each is a gzip of
 * `pagefind_dcd{json}`). The read in progress is shared: a fast publish that comes while the read-ahead after a full build
 * still runs waits for it instead of reading the same 50,000 fragments again.
 */
async function mainIds(client: string, kind: string): Promise<Map<string, string[]>> {
  const dir = join(client, 'pagefind', kind);
  const key = await readFile(join(dir, 'pagefind-entry.json'), 'utf8').catch(() => '');
  const known = idsByBundle.get(kind);
  if (known && known.key === key) return known.ids;
  const ids = readIds(dir);
  idsByBundle.set(kind, { key, ids });
  ids.catch(() => idsByBundle.get(kind)?.ids === ids && idsByBundle.delete(kind));
  return ids;
}

async function readIds(dir: string): Promise<Map<string, string[]>> {
  // Written with the bundle since 27 Nov 2026 (build/search-index.ts PAGE_IDS); a bundle indexed before reads its fragments.
  const written = await readFile(join(dir, PAGE_IDS), 'utf8').catch(() => null);
  if (written !== null) return new Map(Object.entries(JSON.parse(written) as Record<string, string[]>));
  const ids = new Map<string, string[]>();
  const names = await readdir(join(dir, 'fragment')).catch(() => [] as string[]);
  await mapLimit(
    names.filter((name) => name.endsWith('.pf_fragment')),
    FRAGMENTS_IN_FLIGHT,
    async (name) => {
      const path = fragmentTextPath((await gunzip(await readFile(join(dir, 'fragment', name)))).toString('utf8'));
      if (!path) return;
      const id = name.slice(0, -'.pf_fragment'.length);
      ids.set(path, [...(ids.get(path) ?? []), id]);
    },
  );
  return ids;
}

/** Reads every kind's main ids ahead (after a full build), so the first fast publish does not pay for it. */
export async function warmSearchIds(client: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(client, 'pagefind', SEARCH_MANIFEST), 'utf8')) as SearchManifest;
  for (const kind of Object.keys(manifest.kinds)) await mainIds(client, kind);
}

export interface RecentManifest {
  /** Per kind: pages in its recent bundle, and the main bundle's page ids to leave out. */
  [kind: string]: { pages: number; superseded: string[] };
}

async function replace(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}

/**
 * Writes the recent bundles of the release's client folder `client` from the pages `files` (relative; those without a search
 * body are skipped) and the removed page paths `removed`, and their entry in kinds.json.
 */
export async function writeRecentSearch(
  client: string,
  baseClient: string,
  files: readonly string[],
  removed: readonly string[],
): Promise<{ pages: number }> {
  const manifestPath = join(client, 'pagefind', SEARCH_MANIFEST);
  // The full index's manifest (the layer's own copy carries the last `recent`, which is written anew below).
  const manifest = JSON.parse(await readFile(join(baseClient, 'pagefind', SEARCH_MANIFEST), 'utf8')) as SearchManifest & {
    recent?: RecentManifest;
  };
  const byKind = new Map<string, { path: string; html: string }[]>();
  for (const f of files) {
    if (!f.endsWith('.html')) continue;
    const html = await readFile(join(client, f), 'utf8').catch(() => '');
    if (!html.includes('data-pagefind-body')) continue;
    const kind = /data-search-kind="([a-z]+)"/.exec(html)?.[1];
    if (!kind || !(kind in manifest.kinds)) continue;
    (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push({ path: f, html });
  }
  const recent: RecentManifest = {};
  let pages = 0;
  for (const kind of Object.keys(manifest.kinds)) {
    const list = byKind.get(kind) ?? [];
    const out = join(client, 'pagefind', `recent-${kind}`);
    // The layer's copy of the last recent bundle (hard links to the release before) stays: a reader whose page fetched that
    // bundle's entry just before this release went live asks for its meta and fragments from this release, and found them
    // gone (404: the search said it failed; publish-fast.spec.ts saw it once in five CI runs). Their names are content
    // hashes, so keeping them is harmless; the entry and the files with fixed names are replaced (a new file renamed over
    // the link, never written in place). They go with the next full index's release.
    const main = await mainIds(baseClient, kind);
    const superseded = [...new Set([...list.map((p) => pathOfHtmlFile(p.path)), ...removed])].flatMap((p) => main.get(p) ?? []);
    if (!list.length && !superseded.length) continue;
    // A page whose indexed content did not change has the same id in both bundles (Pagefind names a page by its content):
    // that id stays, or the recent copy would be left out with the old one. This bundle's own fragments, not the kept ones.
    const own = new Set<string>();
    if (list.length) {
      const { index, errors } = await pagefind.createIndex({});
      if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
      for (const p of list) {
        const added = await index.addHTMLFile({ sourcePath: p.path, content: p.html });
        if (added.errors.length) throw new Error(`Pagefind (${p.path}): ${added.errors.join('; ')}`);
      }
      const got = await index.getFiles();
      if (got.errors.length) throw new Error(`Pagefind (recent ${kind}): ${got.errors.join('; ')}`);
      await index.deleteIndex();
      for (const f of got.files) await replace(join(out, f.path), f.content);
      for (const f of got.files) {
        const id = /^fragment\/(.+)\.pf_fragment$/.exec(f.path.replaceAll('\\', '/'))?.[1];
        if (id) own.add(id);
      }
    }
    recent[kind] = { pages: list.length, superseded: superseded.filter((id) => !own.has(id)) };
    pages += list.length;
  }
  const next = { ...manifest, recent: Object.keys(recent).length ? recent : undefined };
  await replace(manifestPath, JSON.stringify(next));
  return { pages };
}
