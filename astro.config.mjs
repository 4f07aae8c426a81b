// Astro configuration: static by default, on-demand routes opt out per page; adapter chosen by where the build runs.
import { defineConfig, envField, memoryCache } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import { fileURLToPath } from 'node:url';
import { LEGACY_PATHS } from './src/lib/legacy-redirects.ts';
import { writeNetlifyRedirects } from './scripts/lib/netlify-redirects.ts';
import { precompressDir } from './scripts/lib/precompress.ts';
import { pruneStaleOutput } from './scripts/lib/prune-output.ts';
import { buildSearchIndex, markedPages } from './scripts/lib/search-index.ts';
import { writeSitemap } from './scripts/lib/sitemap.ts';

const onNetlify = Boolean(process.env.NETLIFY);
/** The build's cacheDir: the search index keeps its last bundle there, and precompress its compressed variants. */
let buildCacheDir;

/** When this build started: assets older than that were left by an earlier build. */
let buildStartedAt = 0;

/** The `site` option as resolved by Astro, for the sitemap's absolute URLs. */
let siteOrigin = 'http://localhost:4321';

/** Origins of the embedded external services; the CSP lets the page frame and beacon only these. */
const originOf = (value, fallback) => new URL(value || fallback).origin;
const chatOrigin = originOf(process.env.PUBLIC_CHAT_URL, 'http://127.0.0.1:4010');
const formOrigin = originOf(process.env.PUBLIC_REQUIREMENT_FORM_URL, 'http://127.0.0.1:4010');
const questionnaireOrigin = originOf(process.env.PUBLIC_QUESTIONNAIRE_URL, 'http://127.0.0.1:4010');
// includeFiles: the PDFs' CJK font is read from disk at run time (src/lib/pdf/font.ts), which the function's file tracing cannot see.
const adapter = onNetlify
  ? (await import('@astrojs/netlify')).default({ includeFiles: ['./src/assets/fonts/NotoSansSC-Subset.otf'] })
  : node({ mode: 'standalone' });
/**
 * Route caching of the public goods pages (Astro.cache): on Netlify the CDN provider (Netlify-CDN-Cache-Control, Netlify-Cache-Tag);
 * on Node Astro's in-process LRU, which serves a page again until its max-age and purges by tag. ROUTE_CACHE=off turns it off on Node.
 */
const cache = onNetlify
  ? { provider: (await import('@astrojs/netlify/cache')).cacheNetlify() }
  : process.env.ROUTE_CACHE === 'off'
    ? undefined
    : { provider: memoryCache() };

/** Sandbox public key; the real backend's key comes from PUBLIC_RSA_KEY. */
const SANDBOX_RSA_PUBLIC_KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsB4yBnmHj3GFnSJZyoEmePEoD//Cbh9A8qJWpo8UCutDN4YgNm1eEKnv0ZWlOWV2Tu/0CsmRucMCRFl9zx+D07XFy4K8D/EJxoDmwd8exqcl3xhJ90uDAVebwMI3ZAnynNX4IfW4jZTd4jCYhICjTMvDsMoNwk80QxYXnN6fHlTt7c0KBHHZYV/p/VlnqzvQssAXlBuEeRkk1sU7tr4MghLFhruSXC7Z3aukEk6fGyHKa9PN9Rdw4F53pKuGf3vKLOKogD3k7iIiPIsUisHYfPQmo11BUL2wU6grmGny33x+u9Pt9CvF2o+WRdTmmIidmgLRMkQQsLvKqFK0d7PnSwIDAQAB';

/** Every API base defaults to the local sandbox; point them at the real backend to leave it. */
const apiBase = () => envField.string({ context: 'server', access: 'public', url: true, default: 'http://127.0.0.1:4010' });

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  // Tests build into a folder of their own so they never clobber dist/.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Content store and incremental-build cache; a build of its own (tests, the benchmark) keeps its own so builds never share one.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  adapter,
  ...(cache ? { cache } : {}),
  integrations: [
    react(),
    {
      name: 'lazy-hydration-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
          addClientDirective({ name: 'event', entrypoint: './src/directives/event.ts' });
        },
      },
    },
    {
      // Old addresses (SPEC §2, DESIGN §4) from the one table of src/lib/legacy-redirects.ts: an on-demand route for each
      // address with no page (Netlify's function answers a path without a route 404 before the middleware), and on Netlify
      // the query forms of pre-rendered pages as `_redirects` rules (its CDN serves those pages before any function).
      name: 'legacy-redirects',
      hooks: {
        'astro:config:setup': ({ injectRoute }) => {
          for (const pattern of LEGACY_PATHS) injectRoute({ pattern, entrypoint: './src/pages/_legacy-redirect.ts', prerender: false });
        },
        'astro:build:done': async ({ dir, logger }) => {
          if (!onNetlify) return;
          logger.info(`_redirects: ${await writeNetlifyRedirects(fileURLToPath(dir))} rules`);
        },
      },
    },
    {
      // First of the build:done steps: the output folder is kept between builds, so drop what this build did not produce.
      name: 'prune-stale-output',
      hooks: {
        'astro:build:start': () => {
          buildStartedAt = Date.now();
        },
        'astro:build:done': async ({ dir, assets, logger }) => {
          const r = await pruneStaleOutput(fileURLToPath(dir), [...assets.values()].flat(), buildStartedAt);
          if (r.pages || r.files) logger.info(`removed ${r.pages} pages and ${r.files} assets an earlier build left`);
        },
      },
    },
    {
      // The knowledge search index (Pagefind) over the pre-rendered pages; before precompress so its files get .br/.gz too.
      name: 'pagefind-index',
      hooks: {
        'astro:config:done': ({ config }) => {
          buildCacheDir = fileURLToPath(config.cacheDir);
        },
        'astro:build:done': async ({ dir, logger }) => {
          const out = fileURLToPath(dir);
          // Read changed pages once into the digest store first, so the two steps below only look them up.
          const marked = await markedPages(out, buildCacheDir);
          // Pagefind (its own process, about one and a half cores) and compressing the pages (zlib threads) side by side;
          // the precompress step later finds the pages done and compresses only the index and the sitemap.
          const [r, pages] = await Promise.all([
            buildSearchIndex(out, buildCacheDir, marked),
            onNetlify ? undefined : precompressDir(out, { cacheDir: buildCacheDir, only: (p) => p.endsWith('.html') }),
          ]);
          logger.info(`pagefind: ${r.pages} pages ${r.reused ? 'unchanged, index reused' : 'indexed'} in ${r.seconds.toFixed(1)} s`);
          if (pages) logger.info(`${pages.files} pages precompressed beside it (${pages.reused} unchanged)`);
        },
      },
    },
    {
      // sitemap.xml of every pre-rendered page, from the files the build wrote (before precompressing, so it is compressed too).
      name: 'sitemap',
      hooks: {
        'astro:config:done': ({ config }) => {
          siteOrigin = config.site ?? 'http://localhost:4321';
        },
        'astro:build:done': async ({ dir, logger }) => {
          const r = await writeSitemap(fileURLToPath(dir), siteOrigin);
          logger.info(`${r.files.join(', ')}: ${r.urls} pages`);
        },
      },
    },
    {
      // Brotli + gzip siblings of the static files for the Node server (scripts/serve.ts); Netlify's CDN compresses by itself.
      name: 'precompress-static',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          if (onNetlify) return;
          const r = await precompressDir(fileURLToPath(dir), { cacheDir: buildCacheDir });
          logger.info(`${r.files} files precompressed (${r.reused} unchanged, copied): ${Math.round(r.bytes / 1024)} KiB -> ${Math.round(r.brBytes / 1024)} KiB brotli`);
        },
      },
    },
  ],
  server: { port: Number(process.env.PORT) || 4321, host: '127.0.0.1' },
  // Shared stylesheets linked (cached across the pages a buyer reads; small ones inlined): inlining all CSS put 38 KB into
  // each of ten thousand news pages. Lighthouse mobile stays 100 on every template (npm run measure:lighthouse).
  // Four pages rendered at a time: a page's render mostly waits (streams, file writes), so overlapping them cuts the pages
  // step of a 10,000-article build by about a third (npm run measure:build).
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 4 },
  // Keep the last build's output: Astro leaves an unchanged page where it is (incremental build) instead of deleting and
  // restoring it; the prune-stale-output step removes what this build did not produce.
  vite: { build: { emptyOutDir: false } },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  // Pages whose getStaticPaths returns a cacheKey (the digests of their content entries) are not rendered again when unchanged.
  experimental: { incrementalBuild: true },
  // Hash-based CSP (meta on static pages, header on on-demand ones); no unsafe-inline or unsafe-eval for scripts.
  security: {
    checkOrigin: true,
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self' ${questionnaireOrigin}`,
        `frame-src ${[...new Set([chatOrigin, formOrigin])].join(' ')}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  env: {
    validateSecrets: true,
    schema: {
      API_BASE_BUYER: apiBase(),
      API_BASE_BASE: apiBase(),
      API_BASE_MODEL: apiBase(),
      API_BASE_SELLER: apiBase(),
      API_BASE_ADMIN: apiBase(),
      SITE_STATUS_TTL_MS: envField.number({ context: 'server', access: 'public', default: 5000, int: true, gte: 0 }),
      API_TIMEOUT_MS: envField.number({ context: 'server', access: 'public', default: 8000, int: true, gt: 0 }),
      PUBLIC_RSA_KEY: envField.string({ context: 'client', access: 'public', default: SANDBOX_RSA_PUBLIC_KEY }),
      // Where a member with a shop is sent after login (SPEC §6).
      SELLER_SITE_URL: envField.string({ context: 'server', access: 'public', url: true, default: 'https://seller.example.cn/' }),
      PUBLIC_HOTLINE: envField.string({ context: 'client', access: 'public', default: '400-820-6688' }),
      // External services embedded by the side bar and linked from the footer; the defaults are the sandbox's stand-ins.
      PUBLIC_CHAT_URL: envField.string({ context: 'client', access: 'public', url: true, default: 'http://127.0.0.1:4010/__sandbox/embed/chat' }),
      PUBLIC_REQUIREMENT_FORM_URL: envField.string({ context: 'client', access: 'public', url: true, default: 'http://127.0.0.1:4010/__sandbox/embed/form' }),
      PUBLIC_QUESTIONNAIRE_URL: envField.string({ context: 'client', access: 'public', url: true, default: 'http://127.0.0.1:4010/__sandbox/embed/click' }),
      PUBLIC_INDUSTRIAL_SITE_URL: envField.string({ context: 'client', access: 'public', url: true, default: 'https://industrial.example.com/' }),
      PUBLIC_GROUP_SITE_URL: envField.string({ context: 'client', access: 'public', url: true, default: 'https://group.example.cn/' }),
    },
  },
});
