/** The CSV export of the member's cylinders (docs/gas-features.md), with the list's filters: UTF-8 with BOM so Excel shows the Chinese. */
import type { APIRoute } from 'astro';
import { cylinders } from '#src/shared/api/contract/cylinders.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { cylindersCsv } from '#src/features/cylinders/csv.ts';
import { dateOf } from '#src/features/cylinders/rent.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

export const GET: APIRoute = async ({ cookies, url, redirect }) => {
  const token = memberToken(cookies);
  if (!token) return redirect(`/login?forward=${encodeURIComponent('/member/my-cylinders')}`, 302);
  const api = apiFor(token);
  const gasRaw = Number(url.searchParams.get('gas'));
  const gasId = Number.isInteger(gasRaw) && gasRaw > 0 && gasRaw < 1e6 ? gasRaw : undefined;
  const f = url.searchParams.get('filter');
  const filter = f === 'rent' || f === 'inspection' ? f : undefined;
  try {
    const [views, rows] = await Promise.all([
      api.call(site.viewControl).catch(() => []),
      api.call(cylinders.export, { input: { ...(gasId ? { gasId } : {}), ...(filter ? { filter } : {}) } }),
    ]);
    if (!featureShown(views, 'cylinder_part')) return new Response('Not found', { status: 404 });
    const name = `我的钢瓶-${dateOf(Date.now())}.csv`;
    return new Response(cylindersCsv(rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="cylinders-${dateOf(Date.now())}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': PRIVATE_CACHE,
      },
    });
  } catch (e) {
    if (e instanceof ApiError && e.expired) return redirect(`/login?forward=${encodeURIComponent('/member/my-cylinders')}`, 302);
    if (e instanceof ApiError && e.kind === 'business' && e.status === 404) return new Response('Not found', { status: 404 });
    return new Response('导出失败，请稍后再试', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE },
    });
  }
};
