/** Every on-demand response gets the security headers of DESIGN §7 (static files get them from the server config). */
import { defineMiddleware } from 'astro:middleware';
import { SECURITY_HEADERS } from './lib/security-headers.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
});
