/**
 * The on-demand route of every old address with no page of its own (LEGACY_PATHS, injected by astro.config.mjs): on
 * Netlify the SSR function answers a path with no route 404 before the middleware runs, so these need a route. The
 * middleware redirects first; this answers the same where it did not run.
 */
import type { APIRoute } from 'astro';
import { legacyRedirect } from '#src/shared/http/legacy-redirects.ts';

export const prerender = false;

export const ALL: APIRoute = ({ url }) => {
  const target = legacyRedirect(url);
  return target ? new Response(null, { status: 301, headers: { location: target } }) : new Response(null, { status: 404 });
};
