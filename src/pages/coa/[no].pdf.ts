/** The certificate as a PDF (docs/gas-features.md): /coa/{certificateNo}.pdf?serial={serial}; only for a matching pair (a wrong serial gets no PDF), cacheable per certificate. */
import type { APIRoute } from 'astro';
import { certificatePdf } from '#src/features/certificates/pdf.ts';
import { verifyPath } from '#src/features/certificates/certificate.ts';
import { CERT_CACHE, clientKey, lookUpCertificate } from '#src/features/certificates/lookup.server.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params, url, clientAddress, rewrite }) => {
  const serial = url.searchParams.get('serial') ?? '';
  const result = await lookUpCertificate(
    params.no ?? '',
    serial,
    clientKey(() => clientAddress),
  );
  // With coa_part off there is no such file (the pre-rendered 404 page cannot be rewritten to from here).
  if (result.kind === 'off')
    return new Response('Not Found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  if (result.kind === 'outage') return rewrite('/503');
  if (result.kind === 'refused') {
    return new Response(result.message, {
      status: result.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const c = result.cert;
  const bytes = await certificatePdf(c, new URL(verifyPath(c.certNo, c.serial), url.origin).href, Date.now());
  return new Response(bytes, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${c.certNo}.pdf"`,
      'content-length': String(bytes.byteLength),
      'cache-control': CERT_CACHE,
    },
  });
};
