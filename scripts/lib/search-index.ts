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
export async function htmlFingerprint(dir: string, cacheDir?: string): Promise<{ fingerprint: string; files: number }> {
  const files = (await htmlFiles(dir)).sort();
  const digests = await fileDigests(dir, files, cacheDir);
  const hash = createHash('sha1');
  for (const f of files) {
    const d = digests.get(f)!;
    // Pages without a body marker are not indexed, so they cannot change the bundle.
    if (d.marked) hash.update(`${relative(dir, f)}\0${d.sha1}\0`);
  }
  return { fingerprint: hash.digest('hex'), files: files.length };
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

function indexedPages(outputPath: string): number {
  try {
    const entry = JSON.parse(readFileSync(join(outputPath, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    return Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
  } catch {
    return 0;
  }
}

/**
 * Indexes every HTML file of `dir` with Pagefind's Node API (the extended binary: Chinese segmentation) and writes the bundle
 * to `dir/pagefind`. Pages without `data-pagefind-body` are skipped by Pagefind itself once any page has one.
 * With `cacheDir`, a rebuild whose HTML is byte for byte the last one's copies the last bundle instead of indexing again
 * (Pagefind has no incremental mode; this is what keeps an unchanged 10,000-article rebuild fast).
 */
export async function buildSearchIndex(dir: string, cacheDir?: string): Promise<SearchIndexResult> {
  const started = performance.now();
  const outputPath = join(dir, 'pagefind');
  // A stale bundle from an earlier build in the same folder would leave orphaned fragments behind.
  rmSync(outputPath, { recursive: true, force: true });
  const cache = cacheDir ? join(cacheDir, 'pagefind-bundle') : undefined;
  const { fingerprint } = cache ? await htmlFingerprint(dir, cacheDir) : { fingerprint: '' };
  if (cache && existsSync(join(cache, 'fingerprint')) && readFileSync(join(cache, 'fingerprint'), 'utf8') === fingerprint && existsSync(join(cache, 'bundle'))) {
    linkTree(join(cache, 'bundle'), outputPath);
    return { pages: indexedPages(outputPath), seconds: (performance.now() - started) / 1000, reused: true };
  }
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dir, glob: '**/*.html' });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
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
