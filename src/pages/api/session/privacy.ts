/** The privacy notice after a login with privacyState n (docs/product.md §4): `confirm` accepts the listed items and completes the login; `cancel` drops it. */
import type { APIRoute } from 'astro';
import { SELLER_SITE_URL } from 'astro:env/server';
import { cancelPendingLogin, confirmPendingLogin } from '#src/shared/session/session.server.ts';
import { sessionPost } from '#src/shared/session/respond.ts';
import { chinaDateTime } from '#src/shared/formats/china-time.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  sessionPost(context, '登录成功', async (body, secure) => {
    if (body.action !== 'confirm') {
      await cancelPendingLogin(context.cookies);
      return null;
    }
    const ids = Array.isArray(body.privacyIds) ? body.privacyIds.filter((x): x is number => Number.isInteger(x)) : [];
    return confirmPendingLogin(context.cookies, ids, chinaDateTime(Date.now()), secure, SELLER_SITE_URL);
  });
