/** The session endpoints' common frame: same-origin posts only, a JSON body in, the shop's envelope out, backend failures as their msg. */
import type { APIContext } from 'astro';
import { ApiError } from '#src/shared/api/errors.ts';
import { isSameOriginPost } from './origin.ts';
import { publicOriginOf, secureCookiesOf } from '#src/shared/http/public-origin.ts';
import { BODY_LIMITS, readCappedText, tooLarge } from '#src/shared/http/body.ts';

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' };

export const envelope = (status: number, msg: string, data: unknown = null, http = 200): Response =>
  new Response(JSON.stringify({ status, msg, data }), { status: http, headers: HEADERS });

/** Runs a session endpoint's work; its result is the envelope's data with `msg`. */
export async function sessionPost(
  context: APIContext,
  msg: string,
  work: (body: Record<string, unknown>, secure: boolean) => Promise<unknown>,
): Promise<Response> {
  if (!isSameOriginPost(context.request, publicOriginOf(context))) return envelope(403, '非法请求来源', null, 403);
  let body: Record<string, unknown> = {};
  const text = await readCappedText(context.request, BODY_LIMITS.session);
  if (text === null) return tooLarge();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      else return envelope(400, '参数格式错误');
    } catch {
      return envelope(400, '参数格式错误');
    }
  }
  try {
    return envelope(200, msg, await work(body, secureCookiesOf(context)));
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business') return envelope(e.status, e.message);
    return envelope(502, '服务暂时不可用，请稍后再试', null, 502);
  }
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
