/** The quick-order template workbook to download (docs/quick-order.md "Lines"): the columns and an example of each kind of code. */
import type { APIRoute } from 'astro';
import { templateWorkbook } from '#src/features/quick-order/upload.server.ts';

export const prerender = false;

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await templateWorkbook()), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="quick-order.xlsx"; filename*=UTF-8''${encodeURIComponent('快速下单模板.xlsx')}`,
      'cache-control': 'public, max-age=3600',
    },
  });
