/** Brotli + gzip siblings of the static files for the Node server (server/serve.ts); Netlify's CDN compresses by itself. */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './precompress.ts';

export const precompressStatic = (o: { onNetlify: boolean }): AstroIntegration => {
  let cacheDir = '';
  return {
    name: 'precompress-static',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (o.onNetlify) return;
        const r = await precompressDir(fileURLToPath(dir), { cacheDir });
        logger.info(
          `${r.files} files precompressed (${r.reused} unchanged, copied): ${Math.round(r.bytes / 1024)} KiB -> ${Math.round(r.brBytes / 1024)} KiB brotli`,
        );
      },
    },
  };
};
