/** Build step: the Pagefind index of the pre-rendered knowledge pages (only their `data-pagefind-body` parts), written to `/pagefind` of the client output. */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import { fileDigests } from './file-digests.ts';
import { pageFiles } from './walk.ts';

export interface SearchIndexResult {
  /** Pages in the index. */
  pages: number;
  seconds: number;
  /** No kind was indexed again: no indexed page changed since the last build. */
  reused: boolean;
}

/** A page Pagefind reads (it has a `data-pagefind-body`), with the kind whose index it goes into. */
export interface MarkedPage {
  /** Relative to the output folder. */
  path: string;
  kind: string;
  sha1: string;
}

/**
 * The pages Pagefind reads, sorted by path. With `cacheDir`, pages unchanged since the last build answer from the digest
 * store, and changed ones are read into it (so the precompress step running beside the index then only looks them up).
 */
export async function markedPages(dir: string, cacheDir?: string): Promise<MarkedPage[]> {
  const files: string[] = [];
  for await (const f of pageFiles(dir)) files.push(f);
  files.sort();
  const digests = await fileDigests(dir, files, cacheDir);
  return files.flatMap((f) => {
    const d = digests.get(f)!;
    return d.marked ? [{ path: relative(dir, f), kind: d.kind, sha1: d.sha1 }] : [];
  });
}

/** One hash over the pages Pagefind reads (path, kind, content) and how they are read: equal fingerprints index to the same bundles. */
function fingerprintOf(marked: MarkedPage[], glob = ''): string {
  const hash = createHash('sha1').update(`${glob}\0`);
  for (const p of marked) hash.update(`${p.path}\0${p.kind}\0${p.sha1}\0`);
  return hash.digest('hex');
}

export { SEARCH_DEFERRED } from './build-steps.ts';

/** The manifest the search page reads first: which kinds have an index, and how many pages each holds. */
export const SEARCH_MANIFEST = 'kinds.json';

export interface SearchManifest {
  kinds: Record<string, number>;
}

/**
 * Per kind, globs (relative to the output folder) that take in every page of that kind and no page of another: the widest
 * folders whose indexed pages are all of the kind (about/news/**), else the page itself. Pages without the body marker may
 * fall inside; Pagefind leaves them out of an index that has marked pages.
 */
export function kindGlobs(marked: Pick<MarkedPage, 'path' | 'kind'>[]): Map<string, string> {
  const kindsUnder = new Map<string, Set<string>>();
  const folders = (path: string) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  for (const p of marked) for (const d of folders(p.path)) (kindsUnder.get(d) ?? kindsUnder.set(d, new Set()).get(d)!).add(p.kind);
  const patterns = new Map<string, Set<string>>();
  for (const p of marked) {
    const folder = folders(p.path).find((d) => kindsUnder.get(d)!.size === 1);
    (patterns.get(p.kind) ?? patterns.set(p.kind, new Set()).get(p.kind)!).add(folder ? `${folder}/**/*.html` : p.path);
  }
  return new Map([...patterns].map(([kind, set]) => [kind, set.size === 1 ? [...set][0]! : `{${[...set].sort().join(',')}}`]));
}

/** Relative paths of the files under `dir` (sorted), or none when it does not exist. */
function treeFiles(dir: string, prefix = ''): string[] {
  let entries;
  try {
    entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...treeFiles(dir, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

const inode = (path: string) => {
  try {
    return statSync(path).ino;
  } catch {
    return -1;
  }
};

/** A compressed sibling the precompress step writes beside a file (`x.js.br`). */
const VARIANT = /\.(br|gz)$/;

/**
 * Makes `to` hold exactly the files of `from`, as hard links to them (copies where links are not possible). A file already
 * linked to the same inode is left alone: an unchanged bundle file keeps its inode and time, so the digest store,
 * precompress and the publisher's release (which links a file of the same size and time to the previous release's) all
 * see it unchanged. A compressed variant stays beside a file that is kept and goes with one replaced or removed.
 */
export function mirrorTree(from: string, to: string): { kept: number; linked: number; removed: number } {
  const wanted = treeFiles(from);
  const set = new Set(wanted);
  let kept = 0;
  let linked = 0;
  let removed = 0;
  for (const rel of wanted) {
    const src = join(from, rel);
    const dst = join(to, rel);
    if (inode(dst) === inode(src)) {
      kept++;
      continue;
    }
    for (const p of [dst, `${dst}.br`, `${dst}.gz`]) rmSync(p, { force: true });
    mkdirSync(dirname(dst), { recursive: true });
    try {
      linkSync(src, dst);
    } catch {
      copyFileSync(src, dst);
    }
    linked++;
  }
  for (const rel of treeFiles(to)) {
    if (set.has(rel.replace(VARIANT, ''))) continue;
    rmSync(join(to, rel), { force: true });
    removed++;
  }
  return { kept, linked, removed };
}

/** Writes `body` to `path` unless the file already holds exactly that (so an unchanged file keeps its inode and time). */
function writeIfChanged(path: string, body: string): void {
  try {
    if (readFileSync(path, 'utf8') === body) return;
  } catch {
    // not there yet
  }
  rmSync(path, { force: true });
  writeFileSync(path, body);
}

/**
 * Stores a kind's freshly built bundle in its cache folder: a file byte for byte equal to the same path of the last bundle
 * (Pagefind names fragments, index chunks and metadata by their content, so after one page changed nearly all of ten
 * thousand files are) is a hard link to the last one, the rest are written. Compared by content, not by name, so a
 * shortened hash that happened to repeat cannot keep a stale file. The fingerprint is written last: an interrupted store
 * is indexed again next time.
 */
function storeBundle(
  files: { path: string; content: Uint8Array }[],
  kindCache: string,
  fingerprint: string,
): { same: number; written: number } {
  const prev = join(kindCache, 'bundle');
  const next = join(kindCache, 'bundle.next');
  rmSync(join(kindCache, 'fingerprint'), { force: true });
  rmSync(next, { recursive: true, force: true });
  let same = 0;
  let written = 0;
  for (const f of files) {
    const dst = join(next, f.path);
    mkdirSync(dirname(dst), { recursive: true });
    const old = join(prev, f.path);
    let equal = false;
    try {
      equal = statSync(old).size === f.content.length && readFileSync(old).equals(f.content);
    } catch {
      // a new file
    }
    if (equal) {
      linkSync(old, dst);
      same++;
    } else {
      writeFileSync(dst, f.content);
      written++;
    }
  }
  rmSync(prev, { recursive: true, force: true });
  renameSync(next, prev);
  writeFileSync(join(kindCache, 'fingerprint'), fingerprint);
  return { same, written };
}

export interface KindIndexResult extends SearchIndexResult {
  /** Kinds indexed again (their pages changed), and kinds whose last bundle was kept. */
  indexed: string[];
  kept: string[];
  /**
   * Kinds whose pages changed but whose last bundle was kept for now (`defer`): the search of those kinds still answers as
   * before the change until the index is built again without `defer`.
   */
  stale: string[];
  /** Files of the bundles left as they were in the output folder, and files linked in anew. */
  filesKept: number;
  filesNew: number;
}

/**
 * Each kind's bundle carries `page-ids.json`: its pages' Pagefind ids by page path (`/about/news/8` -> ['en_1a2b…']). The fast
 * publish path leaves these ids out of the kind's results once a page is in the recent bundle (server/publish/recent-search.ts);
 * reading them from 50,000 fragments in the shop server took seconds of its file-system threads, so they are written here,
 * where the fragments are in memory anyway.
 */
export const PAGE_IDS = 'page-ids.json';

/** The page path of a Pagefind fragment (a gzip of `pagefind_dcd{json}` whose `url` is the page's), without its trailing slash. */
export function fragmentPath(gz: Uint8Array): string | null {
  return fragmentTextPath(gunzipSync(gz).toString('utf8'));
}

/** The same, of the fragment already unzipped. */
export function fragmentTextPath(text: string): string | null {
  const url = /"url":"([^"]*)"/.exec(text)?.[1];
  if (!url) return null;
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

/** Page path -> Pagefind page ids (the fragments' names) of a bundle's files. */
export function pageIdsOf(files: readonly { path: string; content: Uint8Array }[]): Record<string, string[]> {
  const ids: Record<string, string[]> = {};
  for (const f of files) {
    const m = /^fragment\/(.+)\.pf_fragment$/.exec(f.path);
    const path = m ? fragmentPath(f.content) : null;
    if (m && path) (ids[path] ??= []).push(m[1]!);
  }
  return ids;
}

/** One Pagefind index of a kind's pages (read by glob from the output folder); returns its files in memory. */
async function indexKind(dir: string, kind: string, glob: string): Promise<{ path: string; content: Uint8Array }[]> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dir, glob });
  if (added.errors.length) throw new Error(`Pagefind (${kind}): ${added.errors.join('; ')}`);
  const got = await index.getFiles();
  if (got.errors.length) throw new Error(`Pagefind (${kind}): ${got.errors.join('; ')}`);
  await index.deleteIndex();
  return [...got.files, { path: PAGE_IDS, content: Buffer.from(JSON.stringify(pageIdsOf(got.files))) }];
}

/**
 * Indexes the knowledge pages with Pagefind's Node API (the extended binary: Chinese segmentation) into one bundle per kind,
 * `dir/pagefind/<kind>/`, and writes `dir/pagefind/kinds.json`. One bundle per kind rather than one with a `kind` filter:
 * Pagefind counts filter values per search in time quadratic in the hits (about 90 ms for a word on all 10,000 news pages),
 * while the hits of each bundle are the per-kind counts for free, and a search within one kind reads only its bundle.
 * With `cacheDir`, each kind is indexed again only when one of its pages changed (Pagefind has no incremental mode and
 * cannot edit a bundle): the other kinds' last bundles are linked from the cache. The output folder's bundle files are
 * replaced only where their bytes changed, so after one news page changed the ten thousand unchanged fragments keep their
 * inodes and the publisher's release links them instead of copying. `pages`: the `markedPages` of `dir` when the caller has them already.
 * `defer` (the publisher's builds): a changed kind that has a last bundle keeps it for now and is listed as `stale`, so the
 * changed pages go live without waiting for Pagefind (35 s for the 10,000 news pages on an idle machine); the publisher
 * then runs this again without `defer` (server/publish/index-search.ts) and makes the new bundles live in a second release.
 */
export async function buildSearchIndex(
  dir: string,
  cacheDir?: string,
  pages?: MarkedPage[],
  options: { defer?: boolean } = {},
): Promise<KindIndexResult> {
  const started = performance.now();
  const outputPath = join(dir, 'pagefind');
  const marked = pages ?? (await markedPages(dir, cacheDir));
  const unkinded = marked.filter((p) => !p.kind);
  if (unkinded.length)
    throw new Error(`Pagefind: ${unkinded.length} page(s) marked for the search without a data-search-kind, e.g. ${unkinded[0]!.path}`);
  const byKind = new Map<string, MarkedPage[]>();
  for (const p of marked) (byKind.get(p.kind) ?? byKind.set(p.kind, []).get(p.kind)!).push(p);
  const globs = kindGlobs(marked);
  const cacheRoot = cacheDir ? join(cacheDir, 'pagefind-kinds') : undefined;
  // The cache of one bundle for all kinds, before kinds were cached one by one.
  if (cacheDir) rmSync(join(cacheDir, 'pagefind-bundle'), { recursive: true, force: true });
  const indexed: string[] = [];
  const kept: string[] = [];
  const stale: string[] = [];
  let filesKept = 0;
  let filesNew = 0;
  /** Pagefind's service (its own process) was started and must be closed, also when indexing failed. */
  let serviceStarted = false;
  const index = (kind: string, glob: string) => {
    serviceStarted = true;
    return indexKind(dir, kind, glob);
  };
  try {
    await Promise.all(
      [...globs].map(async ([kind, glob]) => {
        const out = join(outputPath, kind);
        if (!cacheRoot) {
          rmSync(out, { recursive: true, force: true });
          const files = await index(kind, glob);
          for (const f of files) {
            mkdirSync(dirname(join(out, f.path)), { recursive: true });
            writeFileSync(join(out, f.path), f.content);
          }
          indexed.push(kind);
          filesNew += files.length;
          return;
        }
        const kindCache = join(cacheRoot, kind);
        const fingerprint = fingerprintOf(byKind.get(kind)!, glob);
        const cached =
          existsSync(join(kindCache, 'fingerprint')) &&
          readFileSync(join(kindCache, 'fingerprint'), 'utf8') === fingerprint &&
          existsSync(join(kindCache, 'bundle'));
        const hasBundle = existsSync(join(kindCache, 'fingerprint')) && existsSync(join(kindCache, 'bundle'));
        if (cached) kept.push(kind);
        else if (options.defer && hasBundle) stale.push(kind);
        else {
          storeBundle(await index(kind, glob), kindCache, fingerprint);
          indexed.push(kind);
        }
        const m = mirrorTree(join(kindCache, 'bundle'), out);
        filesKept += m.kept;
        filesNew += m.linked;
      }),
    );
  } finally {
    if (serviceStarted) await pagefind.close();
  }
  // Kinds no page has any more: their bundles and caches go.
  mkdirSync(outputPath, { recursive: true });
  for (const e of readdirSync(outputPath, { withFileTypes: true }))
    if (e.isDirectory() && !globs.has(e.name)) rmSync(join(outputPath, e.name), { recursive: true, force: true });
  if (cacheRoot && existsSync(cacheRoot))
    for (const name of readdirSync(cacheRoot)) if (!globs.has(name)) rmSync(join(cacheRoot, name), { recursive: true, force: true });
  const counts = [...byKind].map(([kind, list]) => [kind, list.length] as const).sort(([a], [b]) => a.localeCompare(b));
  const manifest: SearchManifest = { kinds: Object.fromEntries(counts) };
  writeIfChanged(join(outputPath, SEARCH_MANIFEST), JSON.stringify(manifest));
  indexed.sort();
  kept.sort();
  stale.sort();
  return {
    pages: marked.length,
    seconds: (performance.now() - started) / 1000,
    reused: indexed.length === 0,
    indexed,
    kept,
    stale,
    filesKept,
    filesNew,
  };
}
