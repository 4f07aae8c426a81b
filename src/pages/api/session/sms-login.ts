/** SMS quick login (docs/product.md §7 /sms/login): phone and code; the tokens come back only as HttpOnly cookies. */
import type { APIRoute } from 'astro';
import { SELLER_SITE_URL } from 'astro:env/server';
import { apiFor } from '#src/shared/api/server.ts';
import { auth } from '#src/shared/api/contract/auth.ts';
import { completeLogin, visitorOf } from '#src/shared/session/session.server.ts';
import { signInClient } from '#src/features/privacy/client.server.ts';
import { sessionPost, str } from '#src/shared/session/respond.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  sessionPost(context, '登录成功', async (body, secure) => {
    const result = await apiFor(undefined, visitorOf(context.cookies), signInClient(context)).call(auth.smsLogin, {
      input: { mobile: str(body.mobile), sms_code: str(body.sms_code) },
    });
    return completeLogin(context.cookies, result, secure, SELLER_SITE_URL);
  });
