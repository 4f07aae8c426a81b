/** The shop's Node server: Astro's standalone handler wrapped so that static files too get the security headers and the closed-site page, with compression and cache rules (src/lib/http-cache.ts). */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from '../src/lib/api/client.ts';
import { API_BASES, type ApiBase } from '../src/lib/api/contract/core.ts';
import { legacyRedirect } from '../src/lib/legacy-redirects.ts';
import { SECURITY_HEADERS, FRAME_ANCESTORS_POLICY } from '../src/lib/security-headers.ts';
import { bypassesClosedCheck, siteStatusChecker } from '../src/lib/site-status.ts';
import { compressOnTheFly, staticTextServer } from './lib/http-delivery.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React's server renderer picks its development build (several times slower, found by profiling /shop/1) unless told otherwise.
process.env.NODE_ENV ??= 'production';
const entry = resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'server/entry.mjs');
const serveStatic = staticTextServer(resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'client'));
const { handler } = (await import(pathToFileURL(entry).href)) as { handler: (req: unknown, res: unknown) => void };

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const bases = Object.fromEntries(API_BASES.map((b) => [b, process.env[`API_BASE_${b.toUpperCase()}`] || 'http://127.0.0.1:4010'])) as Record<ApiBase, string>;
const checkSite = siteStatusChecker(createApi({ bases, timeoutMs: Number(process.env.API_TIMEOUT_MS ?? 8000) }), Number(process.env.SITE_STATUS_TTL_MS ?? 5000));

const server = createServer(async (req, res) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  // Static pages carry their CSP in a <meta>; frame-ancestors only works as a header. On-demand pages get it from the middleware.
  res.setHeader('content-security-policy', FRAME_ANCESTORS_POLICY);
  // Legacy addresses have no route of their own, so Astro would answer 404 before its middleware saw them.
  const target = legacyRedirect(new URL(req.url ?? '/', 'http://shop.local'));
  if (target) {
    res.writeHead(301, { location: target });
    res.end();
    return;
  }
  const path = (req.url ?? '/').split('?')[0]!;
  if ((req.method === 'GET' || req.method === 'HEAD') && !bypassesClosedCheck(path) && !(await checkSite()).open) req.url = '/503';
  else if (serveStatic(req, res, path)) return;
  compressOnTheFly(req, res);
  handler(req, res);
});
server.listen(port, host, () => console.log(`shop server listening on http://${host}:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
