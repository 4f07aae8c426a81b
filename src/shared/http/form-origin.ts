/**
 * The form-origin check of every on-demand route (Astro's `security.checkOrigin`, which is off in astro.config.mjs so this
 * one can name its exemptions): a POST, PUT, PATCH or DELETE with a form's content type, or with none, must come from the
 * shop's own origin. Exempt: the punchout protocol endpoints, which authenticate by the organisation's credential and are
 * posted by procurement systems and their users' browsers from other sites (docs/punchout.md).
 */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ORIGIN_EXEMPT = new Set(['/punchout/cxml', '/punchout/oci']);

export function crossSiteFormRefused(request: Request, url: URL): boolean {
  if (SAFE.has(request.method)) return false;
  if (ORIGIN_EXEMPT.has(url.pathname.replace(/\/+$/, ''))) return false;
  const sameOrigin = request.headers.get('origin') === url.origin;
  const type = request.headers.get('content-type');
  if (type === null) return !sameOrigin;
  return FORM_TYPES.some((t) => type.toLowerCase().includes(t)) && !sameOrigin;
}
