/** The month's credit statement (credit_part) as a PDF: /member/my-statement.pdf?kind=credit&month=YYYY-MM, for the 管理员 and 财务 of the member's own company (the backend scopes the statement to it: no terms or no company 404, another role 403); private, never cached. */
import type { APIRoute } from 'astro';
import { company } from '#src/shared/api/contract/company.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { MONTH_PATTERN } from '#src/features/company/rules.ts';
import { creditStatementPdf, creditStatementPdfName } from '#src/features/credit/pdf.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE } });

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return text(401, '请先登录');
  const month = url.searchParams.get('month') ?? '';
  if (url.searchParams.get('kind') !== 'credit') return text(404, '文件不存在');
  if (!MONTH_PATTERN.test(month)) return text(400, '月份格式错误');
  const api = apiFor(token);
  try {
    const views = await api.call(site.viewControl).catch(() => []);
    if (!featureShown(views, 'credit_part')) return text(404, '页面不存在');
    const [account, st] = await Promise.all([api.call(company.account), api.call(credit.statement, { input: { month } })]);
    if (!account) return text(404, '对账单不存在');
    const bytes = await creditStatementPdf(st, { name: st.companyName, taxNo: account.taxNo });
    return new Response(bytes, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="credit-statement-${month}.pdf"; filename*=UTF-8''${encodeURIComponent(creditStatementPdfName(st))}`,
        'content-length': String(bytes.byteLength),
        'cache-control': PRIVATE_CACHE,
      },
    });
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business') return text(e.status === 401 ? 401 : e.status === 403 ? 403 : 404, e.message);
    return text(503, '服务暂时不可用，请稍后再试');
  }
};
