/** Build step: the Pagefind index of the pre-rendered knowledge pages (only their `data-pagefind-body` parts), written to `/pagefind` of the client output. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

export interface SearchIndexResult {
  pages: number;
  seconds: number;
}

/**
 * Indexes every HTML file of `dir` with Pagefind's Node API (the extended binary: Chinese segmentation) and writes the bundle
 * to `dir/pagefind`. Pages without `data-pagefind-body` are skipped by Pagefind itself once any page has one.
 */
export async function buildSearchIndex(dir: string): Promise<SearchIndexResult> {
  const started = performance.now();
  const outputPath = join(dir, 'pagefind');
  // A stale bundle from an earlier build in the same folder would leave orphaned fragments behind.
  rmSync(outputPath, { recursive: true, force: true });
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dir, glob: '**/*.html' });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    return { pages: added.page_count, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pagefind.close();
  }
}
