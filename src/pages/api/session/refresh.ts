/** Token refresh (docs/product.md §4): renews the HttpOnly tokens from the refresh cookie, one backend call per refresh token however many ask. */
import type { APIRoute } from 'astro';
import { SESSION_EXPIRED_TEXT } from '#src/shared/api/errors.ts';
import { refreshTokens } from '#src/shared/session/session.server.ts';
import { envelope, sessionPost } from '#src/shared/session/respond.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  let renewed = false;
  const res = await sessionPost(context, '', async (_body, secure) => {
    renewed = (await refreshTokens(context.cookies, secure)) !== null;
    return null;
  });
  return res.status === 200 && !renewed ? envelope(401, SESSION_EXPIRED_TEXT) : res;
};
