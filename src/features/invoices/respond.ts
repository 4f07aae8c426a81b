/** The download routes' answers: private and never cached (an invoice names a buyer), the file named by its invoice number. */
import { PRIVATE_CACHE } from '#src/shared/session/guard.ts';
import type { EInvoiceFile } from './einvoice.server.ts';

export const textResponse = (status: number, body: string): Response =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_CACHE } });

export function fileResponse(file: EInvoiceFile): Response {
  if (!file) return textResponse(404, '发票不存在');
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': file.type,
      'content-disposition': `attachment; filename="${file.name}"`,
      'content-length': String(file.body.byteLength),
      'cache-control': PRIVATE_CACHE,
    },
  });
}
