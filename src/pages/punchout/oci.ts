/** /punchout/oci (docs/punchout.md): see src/features/punchout/routes.server.ts. */
import type { APIRoute } from 'astro';
import { ociRoute } from '#src/features/punchout/routes.server.ts';

export const prerender = false;
export const GET: APIRoute = (context) => ociRoute(context);
export const POST: APIRoute = (context) => ociRoute(context);
