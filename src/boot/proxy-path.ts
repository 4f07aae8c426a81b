/** Where the browser reaches an endpoint: the same-origin proxy `/api/{base}{path}` (src/pages/api/[base]/[...path].ts). */
import type { ApiBase, Endpoint } from '#src/shared/api/contract/core.ts';

export const PROXY_PREFIX = '/api';

export const proxyBase = (base: ApiBase): string => `${PROXY_PREFIX}/${base}`;

/** URL of an endpoint without path parameters, for calls made outside the full client. */
export const proxyUrl = (endpoint: Pick<Endpoint, 'base' | 'path'>): string => `${proxyBase(endpoint.base)}${endpoint.path}`;
