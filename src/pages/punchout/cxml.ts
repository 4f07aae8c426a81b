/** /punchout/cxml (docs/punchout.md): see src/features/punchout/routes.server.ts. */
import type { APIRoute } from 'astro';
import { cxmlRoute } from '#src/features/punchout/routes.server.ts';

export const prerender = false;
export const POST: APIRoute = (context) => cxmlRoute(context);
