/** /punchout/start (docs/punchout.md): see src/features/punchout/routes.server.ts. */
import type { APIRoute } from 'astro';
import { startRoute } from '#src/features/punchout/routes.server.ts';

export const prerender = false;
export const GET: APIRoute = (context) => startRoute(context);
