/** A shipment's waybill or proof of delivery as a PDF: /member/my-order/shipment.pdf?sn=&n=&doc=waybill|proof, the member's own orders only (the backend answers another member's 404). */
import type { APIRoute } from 'astro';
import { proofPdf, waybillPdf } from '#src/features/delivery/pdf.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { delivery } from '#src/shared/api/contract/delivery.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE } });

export const GET: APIRoute = async ({ cookies, url }) => {
  const token = memberToken(cookies);
  if (!token) return text(401, '请先登录');
  const sn = url.searchParams.get('sn') ?? '';
  const n = url.searchParams.get('n') ?? '';
  const doc = url.searchParams.get('doc');
  if (!/^\w{1,40}$/.test(sn) || !/^\d{1,2}$/.test(n) || (doc !== 'waybill' && doc !== 'proof')) return text(404, '文件不存在');
  const api = apiFor(token);
  try {
    let bytes: Uint8Array<ArrayBuffer>;
    if (doc === 'waybill') bytes = await waybillPdf(await api.call(delivery.waybill, { params: { sn, n } }));
    else {
      const [d, p] = await Promise.all([api.call(delivery.order, { params: { sn } }), api.call(delivery.proof, { params: { sn, n } })]);
      bytes = await proofPdf(d, d.shipments.find((s) => String(s.n) === n)!, p);
    }
    return new Response(bytes, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${doc}-${sn}-${n}.pdf"`,
        'content-length': String(bytes.byteLength),
        'cache-control': PRIVATE_CACHE,
      },
    });
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business') return text(404, e.message);
    return text(503, '服务暂时不可用，请稍后再试');
  }
};
