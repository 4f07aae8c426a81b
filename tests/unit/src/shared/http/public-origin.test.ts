import { describe, expect, it } from 'vitest';
import { publicOrigin, secureCookies } from '#src/shared/http/public-origin.ts';
import { isSafeMethod, isSameOriginPost } from '#src/shared/session/origin.ts';

const u = (s: string) => new URL(s);

describe('the public origin', () => {
  it('is SITE_URL when that is https, whatever the Node process sees behind the TLS-terminating proxy', () => {
    expect(publicOrigin(u('http://10.0.0.5:4321/api/session/login'), u('https://shop.example.cn'))).toBe('https://shop.example.cn');
    expect(publicOrigin(u('http://shop.example.cn/api/session/login'), u('https://shop.example.cn/'))).toBe('https://shop.example.cn');
  });

  it("is the request's own in development (the default, local SITE_URL)", () => {
    expect(publicOrigin(u('http://127.0.0.1:4322/x'), u('http://localhost:4321'))).toBe('http://127.0.0.1:4322');
    expect(publicOrigin(u('http://192.168.1.20:4321/x'), undefined)).toBe('http://192.168.1.20:4321');
  });

  it('is https when Astro trusted the proxy (security.allowedDomains) and built the request URL from X-Forwarded-Proto', () => {
    expect(publicOrigin(u('https://localhost:4322/x'), u('http://localhost:4321'))).toBe('https://localhost:4322');
  });
});

describe('Secure on the session cookies', () => {
  it('whenever the public origin is https: an https SITE_URL (always so on Netlify) or a trusted proxy that says https', () => {
    expect(secureCookies(u('http://10.0.0.5:4321/'), u('https://shop.example.cn'))).toBe(true);
    expect(secureCookies(u('https://localhost:4322/'), u('http://localhost:4321'))).toBe(true);
    expect(secureCookies(u('https://shop.netlify.app/'), u('https://shop.netlify.app'))).toBe(true);
  });

  it('for an http SITE_URL that is not a local host (a deployment): the mistake shows at the first login', () => {
    expect(secureCookies(u('http://shop.example.cn/'), u('http://shop.example.cn'))).toBe(true);
  });

  it('not in local development, including a phone on the LAN against the default SITE_URL', () => {
    expect(secureCookies(u('http://127.0.0.1:4322/'), u('http://localhost:4321'))).toBe(false);
    expect(secureCookies(u('http://192.168.1.20:4321/'), u('http://localhost:4321'))).toBe(false);
    expect(secureCookies(u('http://localhost:4321/'), undefined)).toBe(false);
  });
});

describe('origin checks against the public origin', () => {
  const behindProxy = (headers: Record<string, string>) =>
    new Request('http://10.0.0.5:4321/api/buyer/address', { method: 'POST', headers });
  const origin = publicOrigin(u('http://10.0.0.5:4321/api/buyer/address'), u('https://shop.example.cn'));

  it("accepts the browser's https origin though the process sees http, and refuses the http one and foreign ones", () => {
    expect(isSameOriginPost(behindProxy({ origin: 'https://shop.example.cn' }), origin)).toBe(true);
    expect(isSameOriginPost(behindProxy({ origin: 'http://shop.example.cn' }), origin)).toBe(false);
    expect(isSameOriginPost(behindProxy({ origin: 'http://10.0.0.5:4321' }), origin)).toBe(false);
    expect(isSameOriginPost(behindProxy({ origin: 'https://evil.example' }), origin)).toBe(false);
    expect(isSameOriginPost(behindProxy({ 'sec-fetch-site': 'cross-site' }), origin)).toBe(false);
  });

  it('lets safe methods through and checks the rest', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].every(isSafeMethod)).toBe(true);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].some(isSafeMethod)).toBe(false);
  });
});
