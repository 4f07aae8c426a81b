/** Reads an uploaded .xlsx or .csv order file into the pad's lines (docs/quick-order.md "Upload"); signed-in members only, while quick_part is on. */
import type { APIRoute } from 'astro';
import { site } from '#src/shared/api/contract/site.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { MAX_UPLOAD_BYTES, readUpload } from '#src/features/quick-order/upload.server.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';

export const prerender = false;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': PRIVATE_CACHE },
  });

export const POST: APIRoute = async ({ cookies, request }) => {
  const token = memberToken(cookies);
  if (!token) return json(401, { error: '请先登录' });
  // The body is refused by its declared length before it is read; a missing length is bounded by the check after reading.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + 4096) return json(413, { error: '文件不能超过 1 MB' });
  const views = await apiFor(token)
    .call(site.viewControl)
    .catch(() => []);
  if (!featureShown(views, 'quick_part')) return json(404, { error: '页面不存在' });
  const form = await request.formData().catch(() => null);
  const file = form?.get('file');
  if (!(file instanceof File)) return json(400, { error: '请选择要上传的文件' });
  const result = await readUpload(file.name, new Uint8Array(await file.arrayBuffer()));
  return json('error' in result ? 400 : 200, result);
};
