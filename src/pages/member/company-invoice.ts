/** Serves an issued company invoice's PDF to the member: fetched from the backend's file URL (contract/company.ts invoiceFile) with the member's token from the HttpOnly cookie, never exposing it. */
import type { APIRoute } from 'astro';
import { company } from '#src/shared/api/contract/company.ts';
import { fillPath } from '#src/shared/api/contract/core.ts';
import { baseUrl } from '#src/shared/api/server.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE } });

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return text(401, '请先登录');
  const id = url.searchParams.get('id') ?? '';
  if (!/^\d{1,12}$/.test(id)) return text(404, '发票不存在');
  let res: Response;
  try {
    res = await fetch(`${baseUrl(company.invoiceFile.base)}${fillPath(company.invoiceFile.path, { id })}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return text(503, '服务暂时不可用，请稍后再试');
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/pdf')) return text(404, '发票不存在或尚未开具');
  return new Response(res.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="invoice-${id}.pdf"`,
      'cache-control': PRIVATE_CACHE,
    },
  });
};
