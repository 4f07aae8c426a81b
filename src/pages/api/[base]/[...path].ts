/** Same-origin proxy for islands: `/api/{base}/{path}` -> the backend, with the member's bearer token from its HttpOnly cookie. */
import type { APIRoute } from 'astro';
import { API_TIMEOUT_MS } from 'astro:env/server';
import { allEndpoints } from '../../../lib/api/contract/registry.ts';
import { forward, notAnEndpoint, resolveTarget } from '../../../lib/api/proxy.ts';
import { baseUrl } from '../../../lib/api/server.ts';
import { ACCESS_COOKIE } from '../../../lib/session/cookies.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ params, request, cookies }) => {
  const target = resolveTarget(allEndpoints, params.base ?? '', request.method, params.path ?? '');
  if (!target) return notAnEndpoint();
  return forward(request, target, baseUrl(target.endpoint.base), cookies.get(ACCESS_COOKIE)?.value, API_TIMEOUT_MS);
};
