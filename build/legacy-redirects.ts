/**
 * Old addresses from the one table of src/shared/http/legacy-redirects.ts: an on-demand route for each address with no page (Netlify's
 * function answers a path without a route 404 before the middleware), and on Netlify the query forms of pre-rendered pages as
 * `_redirects` rules (its CDN serves those pages before any function).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { LEGACY_PATHS } from '#src/shared/http/legacy-redirects.ts';
import { writeNetlifyRedirects } from './netlify-redirects.ts';

export const legacyRedirects = (o: { onNetlify: boolean }): AstroIntegration => ({
  name: 'legacy-redirects',
  hooks: {
    'astro:config:setup': ({ injectRoute }) => {
      for (const pattern of LEGACY_PATHS) injectRoute({ pattern, entrypoint: './src/pages/_legacy-redirect.ts', prerender: false });
    },
    'astro:build:done': async ({ dir, logger }) => {
      if (!o.onNetlify) return;
      logger.info(`_redirects: ${await writeNetlifyRedirects(fileURLToPath(dir))} rules`);
    },
  },
});
