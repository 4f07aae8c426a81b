import { describe, expect, it } from 'vitest';
import { crossSiteFormRefused } from '#src/shared/http/form-origin.ts';

const req = (path: string, headers: Record<string, string>, method = 'POST') =>
  [new Request(`http://127.0.0.1:4321${path}`, { method, headers }), new URL(`http://127.0.0.1:4321${path}`)] as const;

describe('crossSiteFormRefused', () => {
  it('refuses a cross-site form post to any route but the punchout protocol endpoints', () => {
    const form = { origin: 'http://localhost:6000', 'content-type': 'application/x-www-form-urlencoded' };
    expect(crossSiteFormRefused(...req('/punchout/return', form))).toBe(true);
    expect(crossSiteFormRefused(...req('/api/session/login', form))).toBe(true);
    expect(crossSiteFormRefused(...req('/punchout/oci', form))).toBe(false);
    expect(crossSiteFormRefused(...req('/punchout/cxml', form))).toBe(false);
  });

  it('lets same-origin forms, safe methods and non-form bodies through, and refuses a bodiless cross-site post', () => {
    expect(
      crossSiteFormRefused(
        ...req('/punchout/return', { origin: 'http://127.0.0.1:4321', 'content-type': 'application/x-www-form-urlencoded' }),
      ),
    ).toBe(false);
    expect(crossSiteFormRefused(...req('/goods', { origin: 'http://evil.example' }, 'GET'))).toBe(false);
    expect(crossSiteFormRefused(...req('/api/x', { origin: 'http://evil.example', 'content-type': 'application/json' }))).toBe(false);
    expect(crossSiteFormRefused(...req('/api/x', { origin: 'http://evil.example' }))).toBe(true);
  });
});
