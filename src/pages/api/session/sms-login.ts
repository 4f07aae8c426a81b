/** SMS quick login (docs/product.md §7 /sms/login): phone and code; the tokens come back only as HttpOnly cookies. */
import type { APIRoute } from 'astro';
import { SELLER_SITE_URL } from 'astro:env/server';
import { apiFor } from '../../../lib/api/server.ts';
import { auth } from '../../../lib/api/contract/auth.ts';
import { completeLogin, visitorOf } from '../../../lib/session/session.server.ts';
import { signInClient } from '../../../lib/privacy/client.server.ts';
import { sessionPost, str } from '../../../lib/session/respond.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  sessionPost(context, '登录成功', async (body, secure) => {
    const result = await apiFor(undefined, visitorOf(context.cookies), signInClient(context)).call(auth.smsLogin, { input: { mobile: str(body.mobile), sms_code: str(body.sms_code) } });
    return completeLogin(context.cookies, result, secure, SELLER_SITE_URL);
  });
