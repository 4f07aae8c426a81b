/**
 * The publisher's second step after a build that deferred the search index (SEARCH_INDEX_DEFER=1): indexes again the kinds
 * whose pages changed, over the build folder's client output, and compresses what that wrote, as the build's own steps do.
 * Its own process, like the build: Pagefind's files are compared and written synchronously and must not stall the server.
 * Usage: node server/publish/index-search.ts <client output folder> <cacheDir>
 */
import { precompressDir } from '#build/precompress.ts';
import { buildSearchIndex } from '#build/search-index.ts';

const [dir, cacheDir] = process.argv.slice(2);
if (!dir || !cacheDir) {
  console.error('usage: index-search.ts <client output folder> <cacheDir>');
  process.exit(2);
}
const r = await buildSearchIndex(dir, cacheDir);
console.log(
  `[index-search] pagefind: ${r.pages} pages in ${r.seconds.toFixed(1)} s (indexed again: ${r.indexed.join(', ') || 'none'}; kept: ${r.kept.join(', ') || 'none'}; ${r.filesKept} bundle files unchanged, ${r.filesNew} new)`,
);
const started = performance.now();
const c = await precompressDir(dir, { cacheDir });
console.log(
  `[index-search] ${c.files} files precompressed (${c.reused} unchanged) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
