/** Build step: the Pagefind index of the pre-rendered knowledge pages (only their `data-pagefind-body` parts), written to `/pagefind` of the client output. */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as pagefind from 'pagefind';
import { fileDigests } from './file-digests.ts';

export interface SearchIndexResult {
  /** Pages in the index. */
  pages: number;
  seconds: number;
  /** The previous build's bundle was copied because no HTML page changed. */
  reused: boolean;
}

async function htmlFiles(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'pagefind' && e.name !== '_astro') await htmlFiles(path, out);
    } else if (e.name.endsWith('.html')) out.push(path);
  }
  return out;
}

/**
 * One hash over every page Pagefind indexes (path and content digest of each HTML file with a `data-pagefind-body`): equal
 * fingerprints index to the same bundle. With `cacheDir`, pages unchanged since the last build are not read again.
 */
export async function htmlFingerprint(dir: string, cacheDir?: string, perShard = PAGES_PER_SHARD): Promise<{ fingerprint: string; files: number; indexed: number; pageFiles: number; markedElsewhere: string[] }> {
  const files = (await htmlFiles(dir)).sort();
  const digests = await fileDigests(dir, files, cacheDir);
  const hash = createHash('sha1');
  let indexed = 0;
  const markedElsewhere: string[] = [];
  for (const f of files) {
    const d = digests.get(f)!;
    // Pages without a body marker are not indexed, so they cannot change the bundle.
    if (!d.marked) continue;
    hash.update(`${relative(dir, f)}\0${d.sha1}\0`);
    indexed++;
    if (!f.endsWith('/index.html')) markedElsewhere.push(relative(dir, f));
  }
  const pageFiles = files.filter((f) => f.endsWith('/index.html')).length;
  // The shard plan is part of the bundle: a different split must not reuse the last one.
  hash.update(JSON.stringify(shardPlan(indexed, perShard)));
  return { fingerprint: hash.digest('hex'), files: files.length, indexed, pageFiles, markedElsewhere };
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

/** Pages in a written bundle: its own and its shards' (as listed in its shards file). */
function indexedPages(outputPath: string): number {
  const count = (path: string) => {
    try {
      const entry = JSON.parse(readFileSync(join(path, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
      return Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
    } catch {
      return 0;
    }
  };
  let shards: string[] = [];
  try {
    shards = (JSON.parse(readFileSync(join(outputPath, SHARDS_FILE), 'utf8')) as { shards: string[] }).shards;
  } catch {
    // No shards file: one bundle.
  }
  return shards.reduce((n, s) => n + count(join(outputPath, s.replace(/^\/pagefind\//, ''))), count(outputPath));
}

/** Pages per shard the plan aims at: Pagefind's search time grows faster than the pages a word is on (see shardPlan). */
export const PAGES_PER_SHARD = 2500;

/**
 * How the index is split: one bundle up to PAGES_PER_SHARD pages, else 2, 5 or 10 bundles, each taking the pages whose
 * folder name ends in its digits (`/about/news/1000375/` ends in 5); pages not ending in a digit go to the first.
 * Why: for a word on every page, Pagefind's search walks every (page, word) pair for every result page, so ten thousand
 * hits cost ten times what a tenth of them in each of ten bundles do; the browser then merges the bundles' results.
 */
export function shardPlan(pages: number, perShard = PAGES_PER_SHARD): string[] {
  const count = [1, 2, 5, 10].find((k) => pages / k <= perShard) ?? 10;
  if (count === 1) return ['**/*.html'];
  return Array.from({ length: count }, (_, i) => {
    const digits = Array.from({ length: 10 / count }, (_, j) => i + j * count).join('');
    return `**/*[${digits}]/index.html`;
  });
}

/** The manifest the search page reads (next to pagefind.js): the bundles to merge into the first one. */
export const SHARDS_FILE = 'shards.json';

async function indexInto(dir: string, globs: string[], outputPath: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let pages = 0;
  for (const glob of globs) {
    const added = await index.addDirectory({ path: dir, glob });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    pages += added.page_count;
  }
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  return pages;
}

/**
 * Indexes every HTML file of `dir` with Pagefind's Node API (the extended binary: Chinese segmentation) and writes the bundle
 * to `dir/pagefind`. Pages without `data-pagefind-body` are skipped by Pagefind itself once any page has one.
 * With `cacheDir`, a rebuild whose HTML is byte for byte the last one's copies the last bundle instead of indexing again
 * (Pagefind has no incremental mode; this is what keeps an unchanged 10,000-article rebuild fast).
 */
export async function buildSearchIndex(dir: string, cacheDir?: string, perShard = PAGES_PER_SHARD): Promise<SearchIndexResult> {
  const started = performance.now();
  const outputPath = join(dir, 'pagefind');
  // A stale bundle from an earlier build in the same folder would leave orphaned fragments behind.
  rmSync(outputPath, { recursive: true, force: true });
  const cache = cacheDir ? join(cacheDir, 'pagefind-bundle') : undefined;
  const { fingerprint, indexed, files, pageFiles, markedElsewhere } = await htmlFingerprint(dir, cacheDir, perShard);
  if (cache && existsSync(join(cache, 'fingerprint')) && readFileSync(join(cache, 'fingerprint'), 'utf8') === fingerprint && existsSync(join(cache, 'bundle'))) {
    linkTree(join(cache, 'bundle'), outputPath);
    return { pages: indexedPages(outputPath), seconds: (performance.now() - started) / 1000, reused: true };
  }
  const plan = shardPlan(indexed, perShard);
  // Shards take `index.html` pages by folder; an indexed page under another name would be in none of them.
  if (plan.length > 1 && markedElsewhere.length) throw new Error(`Pagefind: pages to index that are not a folder's index.html: ${markedElsewhere.slice(0, 5).join(', ')}`);
  try {
    // The first bundle also takes every page whose folder does not end in a digit (and the site root).
    const globs = plan.length === 1 ? [plan] : plan.map((g, i) => (i === 0 ? [g, '**/*[!0-9]/index.html', 'index.html'] : [g]));
    const paths = globs.map((_, i) => (i === 0 ? outputPath : join(outputPath, `shard-${i}`)));
    // Sequential: each run already uses every core, and memory stays that of one.
    const counts: number[] = [];
    for (let i = 0; i < globs.length; i++) counts.push(await indexInto(dir, globs[i]!, paths[i]!));
    const total = counts.reduce((a, b) => a + b, 0);
    // Every page must be in exactly one bundle: a page the globs missed would silently drop out of search.
    const expected = plan.length === 1 ? files : pageFiles;
    if (total !== expected) throw new Error(`Pagefind: the bundles were given ${total} HTML files, the build has ${expected}`);
    writeFileSync(join(outputPath, SHARDS_FILE), JSON.stringify({ shards: paths.slice(1).map((p) => `/${relative(dir, p)}/`) }));
  } finally {
    await pagefind.close();
  }
  if (cache) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    cpSync(outputPath, join(cache, 'bundle'), { recursive: true });
    writeFileSync(join(cache, 'fingerprint'), fingerprint);
  }
  return { pages: indexedPages(outputPath), seconds: (performance.now() - started) / 1000, reused: false };
}
