/** GET /api/publish/status: what publishing is doing, for editors (Authorization: Bearer PUBLISH_STATUS_TOKEN). */
import type { APIRoute } from 'astro';
import { registeredSink } from '../../../lib/publish/effects.ts';
import { handleStatus } from '../../../lib/publish/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = (context) => handleStatus(context.request, { token: process.env.PUBLISH_STATUS_TOKEN, sink: registeredSink() });
