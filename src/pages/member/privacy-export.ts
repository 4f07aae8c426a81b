/**
 * The copy of the member's personal information (privacy_part): `?t=` is the one-time token the account page just asked for;
 * the backend spends it and answers the data, which leaves here as a ZIP (JSON + HTML summary), never stored on the way.
 */
import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { privacy } from '#src/shared/api/contract/privacy.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { exportFileName, personalDataZip } from '#src/features/privacy/export.ts';
import { memberToken } from '#src/shared/session/guard.ts';

export const prerender = false;

// The file holds the member's whole record: no cache anywhere, nor a copy kept by the browser's back button.
const NO_STORE = 'no-store, private, max-age=0';
const page = (status: number, msg: string) =>
  new Response(
    `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${msg}</title><body style="font:15px/1.6 system-ui;margin:40px"><h1 style="font-size:20px">${msg}</h1><p><a href="/member/my-accountsafe#privacy-copy">返回账户安全，重新获取个人信息副本</a></p></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': NO_STORE } },
  );

const Token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,64}$/));

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return page(401, '请先登录');
  const t = v.safeParse(Token, url.searchParams.get('t') ?? '');
  if (!t.success) return page(404, '下载链接无效或已过期');
  const api = apiFor(token);
  try {
    const views = await api.call(site.viewControl).catch(() => []);
    if (!featureShown(views, 'privacy_part')) return page(404, '页面不存在');
    const data = await api.call(privacy.exportData, { params: { token: t.output } });
    const zip = personalDataZip(data);
    return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
      headers: {
        'content-type': 'application/zip',
        'content-length': String(zip.byteLength),
        'content-disposition': `attachment; filename="${exportFileName(data.generatedAt)}"`,
        'cache-control': NO_STORE,
        pragma: 'no-cache',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business')
      return page(e.status === 401 ? 401 : 404, e.status === 401 ? '登录已过期，请重新登录' : e.message);
    return page(503, '服务暂时不可用，请稍后再试');
  }
};
