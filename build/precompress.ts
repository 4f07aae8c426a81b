/** Build step: writes brotli and gzip siblings (`file.br`, `file.gz`) of every compressible static file, so the Node server sends them without compressing per request. */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { compressibleFileType, MIN_COMPRESS_BYTES } from '#src/shared/http/cache.ts';
import { fileDigests } from './file-digests.ts';
import { walkFiles } from './walk.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Above this much HTML (thousands of article pages) pages get brotli quality 5 and gzip 6: quality 11 costs about half a
 * second per 75 KB page, which is over an hour for 10,000 pages; 5 is about 12 % larger and a hundred times faster.
 */
export const BULK_HTML_BYTES = 32 * 1024 * 1024;

export interface PrecompressOptions {
  /** Keeps each variant under the hash of its source, so an unchanged page (an incremental rebuild) is copied, not compressed again. */
  cacheDir?: string;
  /**
   * Only these files (e.g. the pages, while the search index is built beside); a later pass over everything finds them done.
   * A partial pass leaves the cache's unused variants alone: only a full pass knows what is unused.
   */
  only?: (path: string) => boolean;
}

/** Compresses every compressible file of `dir` over MIN_COMPRESS_BYTES; a variant not smaller than the original is not written. */
export async function precompressDir(
  dir: string,
  options: PrecompressOptions = {},
): Promise<{ files: number; bytes: number; brBytes: number; reused: number }> {
  const todo: string[] = [];
  const sizes = new Map<string, number>();
  let htmlBytes = 0;
  for await (const path of walkFiles(dir)) {
    if (!compressibleFileType(path) || (options.only && !options.only(path))) continue;
    const { size } = await stat(path);
    if (size < MIN_COMPRESS_BYTES) continue;
    todo.push(path);
    sizes.set(path, size);
    if (path.endsWith('.html')) htmlBytes += size;
  }
  const bulk = htmlBytes > BULK_HTML_BYTES;
  const quality = (path: string) => (bulk && path.endsWith('.html') ? { br: 5, gz: 6 } : { br: 11, gz: 9 });
  const cache = options.cacheDir ? join(options.cacheDir, 'precompress') : undefined;
  if (cache) await mkdir(cache, { recursive: true });
  // Content digests, re-read only for files changed since the last build (an unchanged page is not read at all).
  const digests = options.cacheDir ? await fileDigests(dir, todo, options.cacheDir) : undefined;
  let bytes = 0;
  let brBytes = 0;
  let reused = 0;
  const used = new Set<string>();
  /** The files by cache entry (files of the same content share one), or by their own path where nothing is cached. */
  const byEntry = new Map<string, string[]>();
  // A few at a time: brotli at quality 11 is CPU-bound and the machine may be small.
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const q = quality(path);
        const digest = digests?.get(path)?.sha1;
        const key = cache && digest && join(cache, createHash('sha1').update(`${digest}/${q.br}/${q.gz}`).digest('hex'));
        bytes += sizes.get(path)!;
        if (key) used.add(key);
        const group = byEntry.get(key || path);
        if (group) group.push(path);
        else byEntry.set(key || path, [path]);
        if (
          key &&
          ((await linkedTo(`${key}.br`, `${path}.br`)) ||
            ((await copied(`${key}.br`, `${path}.br`)) && (await copied(`${key}.gz`, `${path}.gz`))))
        ) {
          reused++;
          // Not `brBytes += await …`: that reads the total before the await and loses the other workers' additions.
          const { size } = await stat(`${path}.br`);
          brBytes += size;
          continue;
        }
        const body = await readFile(path);
        const [b, g] = await Promise.all([
          br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: q.br, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: q.gz }),
        ]);
        brBytes += Math.min(b.length, body.length);
        // Cached variants are written once, into the cache, and linked into place.
        if (key && b.length < body.length && g.length < body.length) {
          await Promise.all([writeFile(`${key}.br`, b), writeFile(`${key}.gz`, g)]);
          if ((await copied(`${key}.br`, `${path}.br`)) && (await copied(`${key}.gz`, `${path}.gz`))) continue;
        }
        // A variant not smaller than the source is not written (nor cached, so such a file is simply compressed again).
        // Unlink first: the old variant may be a hard link into the cache, which writing in place would corrupt.
        await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
        if (b.length < body.length) await writeFile(`${path}.br`, b);
        if (g.length < body.length) await writeFile(`${path}.gz`, g);
      }
    }),
  );
  // Every variant at least as new as its original (reused ones above all; a fresh one too where the original's time is
  // ahead of the clock). One entry's files one after another (they share the variants' inode, so raising its mtime side
  // by side could lose the higher value), different entries side by side.
  const groups = [...byEntry.values()];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let group = groups.shift(); group; group = groups.shift()) for (const path of group) await keepFresh(path);
    }),
  );
  // Variants of files no longer in the build would pile up build after build.
  if (cache && !options.only)
    for (const name of await readdir(cache))
      if (!used.has(join(cache, name.replace(/\.(br|gz)$/, '')))) await rm(join(cache, name), { force: true });
  return { files: todo.length, bytes, brBytes, reused };
}

/**
 * The variants are already hard links to the cache entry (the output folder is kept between builds and this file did not
 * change): nothing to link. Both are checked, `.br` by the caller's path and `.gz` beside it.
 */
async function linkedTo(fromBr: string, toBr: string): Promise<boolean> {
  const same = async (a: string, b: string) => {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.ino === y.ino && x.dev === y.dev;
  };
  try {
    return (await same(fromBr, toBr)) && (await same(fromBr.replace(/\.br$/, '.gz'), toBr.replace(/\.br$/, '.gz')));
  } catch {
    return false;
  }
}

/**
 * A variant is as fresh as its content: Astro writes an unchanged page or script again on a rebuild (a newer mtime),
 * and the server (http-serving.ts) refuses a variant older than its original, taking it for the leftover of an
 * interrupted build. The digest says the content is the same, so the variant's mtime is raised to the original's (1 ms
 * past it, as utimes may round a fraction down). Only raised, never lowered: the variants are hard links into the cache,
 * shared by every file of the same content, so the shared mtime ends at least at the newest of their originals. A file
 * rewritten with new content after this (an interrupted build) is newer again, and its old variants are still refused.
 */
async function keepFresh(path: string): Promise<void> {
  const { mtimeMs } = await stat(path);
  await Promise.all(
    [`${path}.br`, `${path}.gz`].map(async (variant) => {
      // No variant where compressing did not make the file smaller.
      const v = await stat(variant).catch(() => null);
      if (v && v.mtimeMs < mtimeMs) await utimes(variant, v.atime, new Date(Math.ceil(mtimeMs) + 1));
    }),
  );
}

/**
 * Puts a cached variant in place, as a hard link (a rebuild of 10,000 unchanged pages then writes no bytes; cache entries are
 * never written in place, only replaced) or a copy where links are not possible; false when there is none.
 */
async function copied(from: string, to: string): Promise<boolean> {
  try {
    await rm(to, { force: true });
    await link(from, to).catch(() => copyFile(from, to));
    return true;
  } catch {
    return false;
  }
}

// `node build/precompress.ts [dir]`: the same step by hand (dist/client by default).
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist/client';
  const r = await precompressDir(dir);
  console.log(
    `precompressed ${r.files} files in ${dir}: ${(r.bytes / 1024).toFixed(0)} KiB -> ${(r.brBytes / 1024).toFixed(0)} KiB brotli`,
  );
}
