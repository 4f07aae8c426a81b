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

/** Adds the headers a response lacks; the frame policy is appended, never replacing the page's own CSP. */
export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  const csp = headers.get('content-security-policy');
  if (!csp?.includes('frame-ancestors'))
    headers.set('content-security-policy', csp ? `${csp}, ${FRAME_ANCESTORS_POLICY}` : FRAME_ANCESTORS_POLICY);
}
