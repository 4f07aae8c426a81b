/**
 * Content digests of a build's output files, kept in the build cache and read again only for files whose size, inode or
 * time changed since the last build: the search index and precompress steps both ask "did this page change?" of ten
 * thousand pages, and an unchanged page kept in place by the incremental build answers from a stat, not a read.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export interface FileDigest {
  /** sha1 of the content, hex. */
  sha1: string;
  /** The content holds Pagefind's `data-pagefind-body` marker: the search index reads this page. */
  marked: boolean;
  /** The page's `data-search-kind` (which of the search's per-kind indexes it goes into); '' when it has none. */
  kind: string;
}

type Row = [size: number, ino: number, mtimeMs: number, sha1: string, marked: 0 | 1, kind: string];

const MARKER = 'data-pagefind-body';
const KIND = /data-search-kind="([a-z-]+)"/;

function digestOf(body: Buffer): FileDigest {
  const marked = body.includes(MARKER);
  const kind = marked ? (KIND.exec(body.toString('latin1'))?.[1] ?? '') : '';
  return { sha1: createHash('sha1').update(body).digest('hex'), marked, kind };
}

/** The store's file: one per cache folder, keyed by path relative to the output folder. */
const storeFile = (cacheDir: string) => join(cacheDir, 'output-digests.json');

function load(cacheDir: string): Record<string, Row> {
  try {
    return JSON.parse(readFileSync(storeFile(cacheDir), 'utf8')) as Record<string, Row>;
  } catch {
    return {};
  }
}

/**
 * Digests of `files` (absolute, under `dir`). With `cacheDir`, unchanged files are answered from the last build's store
 * and the store is updated; without it every file is read. Reads a few files at a time (a gigabyte of pages is not held).
 */
export async function fileDigests(dir: string, files: string[], cacheDir?: string): Promise<Map<string, FileDigest>> {
  const before = cacheDir ? load(cacheDir) : {};
  const after: Record<string, Row> = cacheDir ? { ...before } : {};
  const out = new Map<string, FileDigest>();
  let changed = false;
  for (let i = 0; i < files.length; i += 64) {
    await Promise.all(
      files.slice(i, i + 64).map(async (file) => {
        const key = relative(dir, file);
        const s = await stat(file);
        const old = before[key];
        // A row from an older store (no kind) is read again.
        if (old?.length === 6 && old[0] === s.size && old[1] === s.ino && old[2] === s.mtimeMs) {
          out.set(file, { sha1: old[3], marked: old[4] === 1, kind: old[5] });
          return;
        }
        const d = digestOf(await readFile(file));
        out.set(file, d);
        after[key] = [s.size, s.ino, s.mtimeMs, d.sha1, d.marked ? 1 : 0, d.kind];
        changed = true;
      }),
    );
  }
  // Written only when something changed, so steps running side by side over unchanged files never race on the store.
  if (cacheDir && changed) {
    mkdirSync(dirname(storeFile(cacheDir)), { recursive: true });
    writeFileSync(storeFile(cacheDir), JSON.stringify(after));
  }
  return out;
}
