/** The month's statement as a CSV file (UTF-8 with BOM) for the company's 管理员 and 财务; the same call and checks as /member/my-statement. `kind=credit`: the month's credit statement (credit_part). */
import type { APIRoute } from 'astro';
import { company } from '#src/shared/api/contract/company.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { MONTH_PATTERN } from '#src/features/company/rules.ts';
import { statementCsv, statementFileName } from '#src/features/company/statement.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { creditStatementCsv, creditStatementFileName } from '#src/features/credit/statement.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE } });

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return text(401, '请先登录');
  const month = url.searchParams.get('month') ?? '';
  if (!MONTH_PATTERN.test(month)) return text(400, '月份格式错误');
  const po = (url.searchParams.get('po') ?? '').trim().slice(0, 40);
  const api = apiFor(token);
  try {
    const views = await api.call(site.viewControl).catch(() => []);
    const onCredit = url.searchParams.get('kind') === 'credit';
    if (!featureShown(views, onCredit ? 'credit_part' : 'company_part')) return text(404, '页面不存在');
    const file = onCredit
      ? await api
          .call(credit.statement, { input: { month } })
          .then((st) => ({ body: creditStatementCsv(st), name: creditStatementFileName(st) }))
      : await api.call(company.statement, { input: { month, po } }).then((st) => ({ body: statementCsv(st), name: statementFileName(st) }));
    return new Response(file.body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="statement-${month}.csv"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'cache-control': PRIVATE_CACHE,
      },
    });
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business') return text(e.status === 401 ? 401 : e.status === 404 ? 404 : 403, e.message);
    return text(503, '服务暂时不可用，请稍后再试');
  }
};
