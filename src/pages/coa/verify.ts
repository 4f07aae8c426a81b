/** The refusal page's form posts here by GET: it normalises what was typed and goes to /coa/{no}?serial=… (same origin, fixed path). */
import type { APIRoute } from 'astro';
import { verifyPath } from '#src/features/certificates/certificate.ts';

export const prerender = false;

export const GET: APIRoute = ({ url, redirect }) => {
  const no = (url.searchParams.get('no') ?? '').trim().toUpperCase().slice(0, 20);
  const serial = (url.searchParams.get('serial') ?? '').trim().toUpperCase().replace(/[\s-]/g, '').slice(0, 20);
  return redirect(verifyPath(no || 'none', serial), 303);
};
