// Astro configuration: static by default, on-demand routes opt out per page; adapter chosen by where the build runs.
import { defineConfig, memoryCache } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import { lazyHydrationDirectives } from './build/lazy-hydration.ts';
import { legacyRedirects } from './build/legacy-redirects.ts';
import { lightChrome } from './build/light-chrome.ts';
import { pagefindIndex } from './build/pagefind-index.ts';
import { precompressStatic } from './build/precompress-static.ts';
import { pruneStale } from './build/prune-stale-output.ts';
import { sitemap } from './build/sitemap.ts';
import { ENV_SCHEMA, SANDBOX_ORIGIN } from './build/env-schema.ts';
import { formReplayHash } from './build/form-replay-hash.ts';

const onNetlify = Boolean(process.env.NETLIFY);
/** Origins of the embedded external services; the CSP lets the page frame and beacon only these. */
const originOf = (value, fallback) => new URL(value || fallback).origin;
const chatOrigin = originOf(process.env.PUBLIC_CHAT_URL, SANDBOX_ORIGIN);
const formOrigin = originOf(process.env.PUBLIC_REQUIREMENT_FORM_URL, SANDBOX_ORIGIN);
const questionnaireOrigin = originOf(process.env.PUBLIC_QUESTIONNAIRE_URL, SANDBOX_ORIGIN);
// includeFiles: the PDFs' CJK font is read from disk at run time (src/shared/pdf/font.ts), which the function's file tracing cannot see.
// bodySizeLimit is a backstop only: every endpoint that reads a body stops at its own, smaller limit (src/shared/http/body.ts).
const adapter = onNetlify
  ? (await import('@astrojs/netlify')).default({ includeFiles: ['./src/assets/fonts/NotoSansSC-Subset.ttf'] })
  : node({ mode: 'standalone', bodySizeLimit: 8 * 1024 * 1024 });
const siteUrl = new URL(process.env.SITE_URL || 'http://localhost:4321');
/**
 * The hosts whose X-Forwarded-Proto/-Host Astro trusts when it builds a request's URL: the public site's (behind nginx or a
 * load balancer that terminates TLS, the process sees http) and the local ones. Anything else is not believed, so a forged
 * header cannot move the origin the checks compare with (src/shared/http/public-origin.ts).
 */
const allowedDomains = [...new Set([siteUrl.hostname, 'localhost', '127.0.0.1'])].map((hostname) => ({ hostname }));
/**
 * Route caching of the public goods pages (Astro.cache): on Netlify the CDN provider (Netlify-CDN-Cache-Control, Netlify-Cache-Tag);
 * on Node Astro's in-process LRU, which serves a page again until its max-age and purges by tag. ROUTE_CACHE=off turns it off on Node.
 */
const cache = onNetlify
  ? { provider: (await import('@astrojs/netlify/cache')).cacheNetlify() }
  : process.env.ROUTE_CACHE === 'off'
    ? undefined
    : { provider: memoryCache() };

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
    lazyHydrationDirectives(),
    lightChrome(),
    legacyRedirects({ onNetlify }),
    // The build:done steps run in this order: prune first, then the index (with the pages' compression beside it), the
    // sitemap, and the compression of what is left.
    pruneStale(),
    pagefindIndex({ onNetlify, deferKinds: process.env.SEARCH_INDEX_DEFER === '1' }),
    sitemap(),
    precompressStatic({ onNetlify }),
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
    // The same check runs in src/middleware.ts (src/shared/http/form-origin.ts), which exempts the punchout protocol endpoints.
    checkOrigin: false,
    allowedDomains,
    csp: {
      algorithm: 'SHA-256',
      // React's inline script after a server-rendered form with a function action (build/form-replay-hash.ts).
      scriptDirective: { hashes: [formReplayHash()] },
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
    schema: ENV_SCHEMA,
  },
});
