/** The server-side API client (SSR pages, build-time loaders), configured from astro:env. */
import { API_BASE_ADMIN, API_BASE_BASE, API_BASE_BUYER, API_BASE_MODEL, API_BASE_SELLER, API_TIMEOUT_MS } from 'astro:env/server';
import { createApi, type Api } from './client.ts';

const bases = { buyer: API_BASE_BUYER, base: API_BASE_BASE, model: API_BASE_MODEL, seller: API_BASE_SELLER, admin: API_BASE_ADMIN };

/** Anonymous client for public data. */
export const api: Api = createApi({ bases, timeoutMs: API_TIMEOUT_MS });

/** Client acting for one member; the token comes from the request's HttpOnly cookie. `visitor` is the visitor uuid the backend binds sessions to. */
export function apiFor(token: string | undefined, visitor?: string | null, extra?: Record<string, string>): Api {
  if (!token && !visitor && !extra) return api;
  return createApi({
    bases,
    timeoutMs: API_TIMEOUT_MS,
    token: () => token,
    headers: (): Record<string, string> => ({ ...extra, ...(visitor ? { uuid: visitor } : {}) }),
  });
}

/** Where the proxy forwards a base's calls. */
export function baseUrl(base: keyof typeof bases): string {
  return bases[base];
}
