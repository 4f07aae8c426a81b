/** Password login (docs/product.md §4, §7): the encrypted credentials and image code go to the backend; the tokens come back only as HttpOnly cookies. */
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
    const input = { username: str(body.username), password: str(body.password), spread: '', uuid: str(body.uuid), code: str(body.code) };
    const result = await apiFor(undefined, visitorOf(context.cookies), signInClient(context)).call(auth.login, { input });
    return completeLogin(context.cookies, result, secure, SELLER_SITE_URL);
  });
