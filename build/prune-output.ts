/**
 * Build step: removes what an earlier build left in the output folder and this one did not produce. The output folder is
 * kept between builds (`vite.build.emptyOutDir: false`) so Astro leaves unchanged pages in place instead of deleting and
 * restoring ten thousand of them; this step keeps that from serving a page or asset that no longer exists.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkFiles } from './walk.ts';

export interface PruneResult {
  /** HTML pages of an earlier build that this build did not produce (removed with their .br/.gz). */
  pages: number;
  /** Hashed assets and other files written before this build started and not written again. */
  files: number;
}

/** A compressed sibling (`x.html.br`) belongs to its source; precompress rewrites or removes it with the source. */
const isVariant = (path: string) => /\.(br|gz)$/.test(path);

/**
 * Prunes the client output `dir` after a build that started at `startedAt` (ms since the epoch):
 * - an HTML file that is none of `produced` (the page files Astro wrote or kept this build) is removed, with its variants;
 * - under `_astro/` (hashed assets, all written anew each build) a file older than the build is removed, with its variants.
 * Pages are judged by the list, not by age: a page Astro kept unchanged is old on purpose. `pagefind/` is rebuilt by its own step.
 */
export async function pruneStaleOutput(dir: string, produced: Iterable<URL | string>, startedAt: number): Promise<PruneResult> {
  const keep = new Set<string>();
  for (const f of produced) keep.add(typeof f === 'string' ? f : fileURLToPath(f));
  let pages = 0;
  let files = 0;
  const drop = (path: string) =>
    Promise.all([rm(path, { force: true }), rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
  const all: string[] = [];
  for await (const path of walkFiles(dir)) if (!path.startsWith(join(dir, 'pagefind') + '/')) all.push(path);
  const sources = new Set<string>();
  for (const path of all) {
    if (isVariant(path)) continue;
    if (path.endsWith('.html')) {
      if (keep.has(path)) {
        sources.add(path);
        continue;
      }
      await drop(path);
      pages++;
    } else if (path.startsWith(join(dir, '_astro') + '/') && (await stat(path)).mtimeMs < startedAt - 1000) {
      // (A second of slack: file times and the clock are not read at the same instant.)
      await drop(path);
      files++;
    } else sources.add(path);
  }
  // A variant whose source is gone (removed by hand, or before this step existed) would be served for a missing file.
  for (const path of all) if (isVariant(path) && !sources.has(path.replace(/\.(br|gz)$/, ''))) await rm(path, { force: true });
  return { pages, files };
}
