import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from '#src/shared/http/security-headers.ts';

describe('applySecurityHeaders', () => {
  it("keeps every page unframeable: frame-ancestors 'none' beside the page's CSP and X-Frame-Options DENY", () => {
    const h = new Headers({ 'content-security-policy': "default-src 'self'" });
    applySecurityHeaders(h);
    expect(h.get('content-security-policy')).toBe("default-src 'self', frame-ancestors 'none'");
    expect(h.get('x-frame-options')).toBe('DENY');
  });

  it("lets a punchout session's pages be framed by the organisation's origins only, without X-Frame-Options", () => {
    const h = new Headers({ 'content-security-policy': "default-src 'self'" });
    applySecurityHeaders(h, 'http://127.0.0.1:* http://localhost:*');
    expect(h.get('content-security-policy')).toBe("default-src 'self', frame-ancestors http://127.0.0.1:* http://localhost:*");
    expect(h.has('x-frame-options')).toBe(false);
  });
});
