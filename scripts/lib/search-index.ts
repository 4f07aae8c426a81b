/** Build step: the Pagefind index of the pre-rendered knowledge pages (only their `data-pagefind-body` parts), written to `/pagefind` of the client output. */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as pagefind from 'pagefind';
import { fileDigests } from './file-digests.ts';
import { pageFiles } from './walk.ts';

export interface SearchIndexResult {
  /** Pages in the index. */
  pages: number;
  seconds: number;
  /** The previous build's bundle was copied because no HTML page changed. */
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

/** One hash over the pages Pagefind reads (path, kind, content): equal fingerprints index to the same bundles. */
function fingerprintOf(marked: MarkedPage[]): string {
  const hash = createHash('sha1');
  for (const p of marked) hash.update(`${p.path}\0${p.kind}\0${p.sha1}\0`);
  return hash.digest('hex');
}

/** Hard-links a cached bundle's files into place (ten thousand fragments, no bytes copied); copies where links are not possible. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, e.name);
    const dst = join(to, e.name);
    if (e.isDirectory()) linkTree(src, dst);
    else {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
    }
  }
}

/** The manifest the search page reads first: which kinds have an index, and how many pages each holds. */
export const SEARCH_MANIFEST = 'kinds.json';

export interface SearchManifest {
  kinds: Record<string, number>;
}

function indexedPages(outputPath: string): number {
  try {
    const manifest = JSON.parse(readFileSync(join(outputPath, SEARCH_MANIFEST), 'utf8')) as SearchManifest;
    return Object.values(manifest.kinds).reduce((n, c) => n + c, 0);
  } catch {
    return 0;
  }
}

/**
 * Per kind, globs (relative to the output folder) that take in every page of that kind and no page of another: the widest
 * folders whose indexed pages are all of the kind (about/news/**), else the page itself. Pages without the body marker may
 * fall inside; Pagefind leaves them out of an index that has marked pages.
 */
export function kindGlobs(marked: Pick<MarkedPage, 'path' | 'kind'>[]): Map<string, string> {
  const kindsUnder = new Map<string, Set<string>>();
  const folders = (path: string) => path.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  for (const p of marked) for (const d of folders(p.path)) (kindsUnder.get(d) ?? kindsUnder.set(d, new Set()).get(d)!).add(p.kind);
  const patterns = new Map<string, Set<string>>();
  for (const p of marked) {
    const folder = folders(p.path).find((d) => kindsUnder.get(d)!.size === 1);
    (patterns.get(p.kind) ?? patterns.set(p.kind, new Set()).get(p.kind)!).add(folder ? `${folder}/**/*.html` : p.path);
  }
  return new Map([...patterns].map(([kind, set]) => [kind, set.size === 1 ? [...set][0]! : `{${[...set].sort().join(',')}}`]));
}

/**
 * Indexes the knowledge pages with Pagefind's Node API (the extended binary: Chinese segmentation) into one bundle per kind,
 * `dir/pagefind/<kind>/`, and writes `dir/pagefind/kinds.json`. One bundle per kind rather than one with a `kind` filter:
 * Pagefind counts filter values per search in time quadratic in the hits (about 90 ms for a word on all 10,000 news pages),
 * while the hits of each bundle are the per-kind counts for free, and a search within one kind reads only its bundle.
 * With `cacheDir`, a rebuild whose indexed pages are byte for byte the last ones links the last bundles instead of indexing
 * again (Pagefind has no incremental mode; this is what keeps an unchanged 10,000-article rebuild fast). `pages`: the
 * `markedPages` of `dir` when the caller has them already.
 */
export async function buildSearchIndex(dir: string, cacheDir?: string, pages?: MarkedPage[]): Promise<SearchIndexResult> {
  const started = performance.now();
  const outputPath = join(dir, 'pagefind');
  // A stale bundle from an earlier build in the same folder would leave orphaned fragments behind.
  rmSync(outputPath, { recursive: true, force: true });
  const cache = cacheDir ? join(cacheDir, 'pagefind-bundle') : undefined;
  const marked = pages ?? (await markedPages(dir, cacheDir));
  const fingerprint = fingerprintOf(marked);
  if (cache && existsSync(join(cache, 'fingerprint')) && readFileSync(join(cache, 'fingerprint'), 'utf8') === fingerprint && existsSync(join(cache, 'bundle'))) {
    linkTree(join(cache, 'bundle'), outputPath);
    return { pages: indexedPages(outputPath), seconds: (performance.now() - started) / 1000, reused: true };
  }
  const unkinded = marked.filter((p) => !p.kind);
  if (unkinded.length) throw new Error(`Pagefind: ${unkinded.length} page(s) marked for the search without a data-search-kind, e.g. ${unkinded[0]!.path}`);
  const counts = new Map<string, number>();
  for (const p of marked) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
  try {
    await Promise.all(
      [...kindGlobs(marked)].map(async ([kind, glob]) => {
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: dir, glob });
        if (added.errors.length) throw new Error(`Pagefind (${kind}): ${added.errors.join('; ')}`);
        const written = await index.writeFiles({ outputPath: join(outputPath, kind) });
        if (written.errors.length) throw new Error(`Pagefind (${kind}): ${written.errors.join('; ')}`);
      }),
    );
  } finally {
    await pagefind.close();
  }
  mkdirSync(outputPath, { recursive: true });
  const manifest: SearchManifest = { kinds: Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b))) };
  writeFileSync(join(outputPath, SEARCH_MANIFEST), JSON.stringify(manifest));
  if (cache) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    // Linked, not copied: nothing writes into a bundle's files after this step (a rebuild removes them and writes new ones).
    linkTree(outputPath, join(cache, 'bundle'));
    writeFileSync(join(cache, 'fingerprint'), fingerprint);
  }
  return { pages: indexedPages(outputPath), seconds: (performance.now() - started) / 1000, reused: false };
}
