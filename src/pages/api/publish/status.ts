/** GET /api/publish/status: what publishing is doing, for editors (Authorization: Bearer PUBLISH_STATUS_TOKEN). */
import type { APIRoute } from 'astro';
import { PUBLISH_STATUS_TOKEN } from 'astro:env/server';
import { registeredSink } from '#src/features/publish/effects.ts';
import { handleStatus } from '#src/features/publish/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = (context) => handleStatus(context.request, { token: PUBLISH_STATUS_TOKEN, sink: registeredSink() });
