/** The agreement's price list as an Excel workbook (`?format=xlsx`) or CSV (`?format=csv`), for the members who see agreed prices; the same call and checks as /member/my-prices. */
import type { APIRoute } from 'astro';
import { prices } from '#src/shared/api/contract/prices.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { csvDocument } from '#src/shared/formats/csv.ts';
import { PRICE_LIST_HEAD, priceListFileName, priceListRow } from '#src/features/prices/price-list.ts';
import { priceWorkbook } from '#src/features/prices/workbook.server.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE } });
const file = (body: BodyInit, type: string, name: string) =>
  new Response(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="price-list"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': PRIVATE_CACHE,
    },
  });

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return text(401, '请先登录');
  const format = url.searchParams.get('format');
  if (format !== 'xlsx' && format !== 'csv') return text(400, '文件格式只能是 xlsx 或 csv');
  const api = apiFor(token);
  try {
    const views = await api.call(site.viewControl).catch(() => []);
    if (!featureShown(views, 'price_part')) return text(404, '页面不存在');
    const a = await api.call(prices.agreement);
    if (!a) return text(404, '您的企业暂无生效的协议价');
    if (format === 'csv')
      return file(
        csvDocument([[...PRICE_LIST_HEAD], ...a.lines.map(priceListRow)]),
        'text/csv; charset=utf-8',
        priceListFileName(a.agreementNo, 'csv'),
      );
    return file(new Uint8Array(await priceWorkbook(a)), XLSX, priceListFileName(a.agreementNo, 'xlsx'));
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business') return text(e.status === 401 ? 401 : 403, e.message);
    return text(503, '服务暂时不可用，请稍后再试');
  }
};
