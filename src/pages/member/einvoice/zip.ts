/** Several 数电票 as one ZIP (each as {number}.pdf and {number}.xml): /member/einvoice/zip?n={number}&n=… (at most 20). Private, never cached. */
import type { APIRoute } from 'astro';
import { einvoiceOn, einvoiceZip, NUMBER } from '#src/features/invoices/einvoice.server.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { memberToken } from '#src/shared/session/guard.ts';
import { fileResponse, textResponse } from '#src/features/invoices/respond.ts';

export const prerender = false;

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return textResponse(401, '请先登录');
  const numbers = [...new Set(url.searchParams.getAll('n'))];
  if (!numbers.length || numbers.length > 20 || !numbers.every((n) => NUMBER.test(n)))
    return textResponse(400, '请选择要下载的发票（最多 20 张）');
  if (!(await einvoiceOn(apiFor(token)))) return textResponse(404, '发票不存在');
  try {
    return fileResponse(await einvoiceZip(token, numbers));
  } catch {
    return textResponse(503, '服务暂时不可用，请稍后再试');
  }
};
