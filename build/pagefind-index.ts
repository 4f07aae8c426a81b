/** The knowledge search index (Pagefind) over the pre-rendered pages; runs before precompress so its files get .br/.gz too. */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './precompress.ts';
import { buildSearchIndex, markedPages, SEARCH_DEFERRED } from './search-index.ts';

export const pagefindIndex = (o: { onNetlify: boolean; deferKinds: boolean }): AstroIntegration => {
  /** The build's cacheDir: the index keeps its last bundle there, and precompress its compressed variants. */
  let cacheDir = '';
  return {
    name: 'pagefind-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        // Read changed pages once into the digest store first, so the two steps below only look them up.
        const marked = await markedPages(out, cacheDir);
        // Pagefind (its own process, about one and a half cores) and compressing the pages (zlib threads) side by side;
        // the precompress step later finds the pages done and compresses only the index and the sitemap.
        const [r, pages] = await Promise.all([
          // The publisher's builds put changed pages live first and index their kinds right after (SEARCH_INDEX_DEFER=1).
          buildSearchIndex(out, cacheDir, marked, { defer: o.deferKinds }),
          o.onNetlify ? undefined : precompressDir(out, { cacheDir, only: (p) => p.endsWith('.html') }),
        ]);
        const kinds = `${r.indexed.length ? `indexed again: ${r.indexed.join(', ')}` : 'none indexed again'}; kept: ${r.kept.join(', ') || 'none'}`;
        logger.info(
          `pagefind: ${r.pages} pages ${r.reused ? 'unchanged, index reused' : 'indexed'} in ${r.seconds.toFixed(1)} s (${kinds}; ${r.filesKept} bundle files unchanged, ${r.filesNew} new)`,
        );
        if (r.stale.length) logger.info(`${SEARCH_DEFERRED}${r.stale.join(', ')}`);
        if (pages) logger.info(`${pages.files} pages precompressed beside it (${pages.reused} unchanged)`);
      },
    },
  };
};
