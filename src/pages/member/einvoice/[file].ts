/** One 数电票 as a file, named by its number: /member/einvoice/{number}.pdf (built here with its face and QR code) or .xml (as issued). Private, never cached; another member's or company's invoice is not found. */
import type { APIRoute } from 'astro';
import { einvoiceFile, einvoiceOn } from '#src/features/invoices/einvoice.server.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { memberToken } from '#src/shared/session/guard.ts';
import { fileResponse, textResponse } from '#src/features/invoices/respond.ts';

export const prerender = false;

export const GET: APIRoute = async ({ cookies, params }) => {
  const token = memberToken(cookies);
  if (!token) return textResponse(401, '请先登录');
  const m = /^(\d{20})\.(pdf|xml)$/.exec(params.file ?? '');
  if (!m || !(await einvoiceOn(apiFor(token)))) return textResponse(404, '发票不存在');
  try {
    return fileResponse(await einvoiceFile(token, m[1]!, m[2] as 'pdf' | 'xml'));
  } catch {
    return textResponse(503, '服务暂时不可用，请稍后再试');
  }
};
