/** sitemap.xml of every pre-rendered page, from the files the build wrote (before precompressing, so it is compressed too). */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { writeSitemap } from './sitemap-file.ts';

export const sitemap = (): AstroIntegration => {
  /** The `site` option as resolved by Astro, for the sitemap's absolute URLs. */
  let origin = 'http://localhost:4321';
  return {
    name: 'sitemap',
    hooks: {
      'astro:config:done': ({ config }) => {
        origin = config.site ?? 'http://localhost:4321';
      },
      'astro:build:done': async ({ dir, logger }) => {
        const r = await writeSitemap(fileURLToPath(dir), origin);
        logger.info(`${r.files.join(', ')}: ${r.urls} pages`);
      },
    },
  };
};
