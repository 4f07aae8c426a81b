/** robots.txt, pre-rendered: crawl everything public, keep out of private and API paths, and point at the sitemap on this site's origin. */
import type { APIRoute } from 'astro';
import { robotsTxt } from '#src/features/shell/seo.ts';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt((site ?? url).origin), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
