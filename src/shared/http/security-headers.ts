/** Security headers for every response, static and on-demand alike (docs/architecture.md §7): one list for the Node server, the middleware and Netlify. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** `frame-ancestors` works only as a header, so it travels as a policy of its own beside the page's CSP. */
export const FRAME_ANCESTORS_POLICY = "frame-ancestors 'none'";

/**
 * Adds the headers a response lacks; the frame policy is appended, never replacing the page's own CSP. `framedBy` (a
 * punchout session's pages, docs/punchout.md) names the sources allowed to frame the page instead of 'none', and then no
 * X-Frame-Options is sent (it cannot name them, and browsers ignore it beside frame-ancestors anyway).
 */
export function applySecurityHeaders(headers: Headers, framedBy?: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (!headers.has(name) && !(framedBy && name === 'x-frame-options')) headers.set(name, value);
  const csp = headers.get('content-security-policy');
  const policy = framedBy ? `frame-ancestors ${framedBy}` : FRAME_ANCESTORS_POLICY;
  if (!csp?.includes('frame-ancestors')) headers.set('content-security-policy', csp ? `${csp}, ${policy}` : policy);
}
