/** Password login (docs/product.md §4, §7): the encrypted credentials and image code go to the backend; the tokens come back only as HttpOnly cookies. */
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
    const input = { username: str(body.username), password: str(body.password), spread: '', uuid: str(body.uuid), code: str(body.code) };
    const result = await apiFor(undefined, visitorOf(context.cookies), signInClient(context)).call(auth.login, { input });
    return completeLogin(context.cookies, result, secure, SELLER_SITE_URL);
  });
