// The cache and compression rules of src/shared/http/cache.ts, and netlify.toml mirroring them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compressibleFileType,
  etagFor,
  etagMatches,
  FONTS,
  IMMUTABLE,
  isCompressibleType,
  isPrivateResponse,
  mayKeepCompressed,
  mayReplay,
  MEDIA,
  mustReachMiddleware,
  pickEncoding,
  REVALIDATE,
  shouldCompressResponse,
  staticCacheControl,
  variesOnlyByEncoding,
  variesPerVisitor,
  withVaryAcceptEncoding,
} from '#src/shared/http/cache.ts';

describe('staticCacheControl', () => {
  it('keeps hashed assets a year, immutable', () => {
    expect(staticCacheControl('/_astro/chrome.PMlKUB-7.css')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('/_astro/client.B1p1nwqs.js')).toBe(IMMUTABLE);
  });
  it('revalidates pre-rendered HTML', () => {
    for (const p of ['/', '/index.html', '/services/policies/381/index.html', '/404.html']) expect(staticCacheControl(p)).toBe(REVALIDATE);
  });
  it('gives pictures, videos and fonts their own lifetimes', () => {
    expect(staticCacheControl('/images/banners/1.svg')).toBe(MEDIA);
    expect(staticCacheControl('/videos/dewar.mp4')).toBe(MEDIA);
    expect(staticCacheControl('/logo.svg')).toBe(MEDIA);
    expect(staticCacheControl('/fonts/noto.woff2')).toBe(FONTS);
  });
});

describe('compression rules', () => {
  it('compresses HTML, CSS, JS, JSON, SVG and XML only', () => {
    for (const t of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/javascript',
      'application/json',
      'image/svg+xml',
      'application/xml',
      'text/xml',
    ]) {
      expect(isCompressibleType(t), t).toBe(true);
    }
    for (const t of ['image/png', 'video/mp4', 'font/woff2', 'application/octet-stream', '', undefined])
      expect(isCompressibleType(t), String(t)).toBe(false);
  });
  it('knows the static file types to precompress', () => {
    expect(compressibleFileType('a/index.html')).toMatch(/^text\/html/);
    expect(compressibleFileType('x.js')).toMatch(/^text\/javascript/);
    expect(compressibleFileType('x.svg')).toBe('image/svg+xml');
    expect(compressibleFileType('x.mp4')).toBeNull();
    expect(compressibleFileType('x.html.br')).toBeNull();
  });
  it('prefers brotli, falls back to gzip and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
  it('compresses on-demand text bodies over 1 KB that are not already encoded', () => {
    const base = { method: 'GET', status: 200, contentType: 'text/html', contentEncoding: null, contentLength: null, cacheControl: null };
    expect(shouldCompressResponse(base)).toBe(true);
    expect(shouldCompressResponse({ ...base, status: 404 })).toBe(true);
    expect(shouldCompressResponse({ ...base, contentLength: 500 })).toBe(false);
    expect(shouldCompressResponse({ ...base, contentEncoding: 'gzip' })).toBe(false);
    expect(shouldCompressResponse({ ...base, method: 'HEAD' })).toBe(false);
    expect(shouldCompressResponse({ ...base, status: 304 })).toBe(false);
    expect(shouldCompressResponse({ ...base, cacheControl: 'no-transform' })).toBe(false);
    expect(shouldCompressResponse({ ...base, contentType: 'image/png' })).toBe(false);
  });
  it('adds Accept-Encoding to Vary once', () => {
    expect(withVaryAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(withVaryAcceptEncoding('Cookie')).toBe('Cookie, Accept-Encoding');
    expect(withVaryAcceptEncoding('accept-encoding')).toBe('accept-encoding');
  });
});

describe('compressed pages kept for the next request', () => {
  const goods = {
    method: 'GET',
    status: 200,
    contentType: 'text/html',
    contentEncoding: null,
    contentLength: null,
    cacheControl: 'public, max-age=60, stale-while-revalidate=300',
    routeCache: 'HIT',
    setsCookie: false,
    vary: 'Accept-Encoding',
  };
  it('keeps public pages of the route cache: served, served stale, or just stored', () => {
    for (const routeCache of ['HIT', 'STALE', 'MISS', 'hit']) expect(mayKeepCompressed({ ...goods, routeCache }), routeCache).toBe(true);
    expect(mayKeepCompressed({ ...goods, cacheControl: null })).toBe(true);
  });
  it('never keeps what the route cache does not hold, or what differs per visitor', () => {
    expect(mayKeepCompressed({ ...goods, routeCache: null })).toBe(false);
    expect(mayKeepCompressed({ ...goods, routeCache: 'BYPASS' })).toBe(false);
    expect(mayKeepCompressed({ ...goods, setsCookie: true })).toBe(false);
    expect(mayKeepCompressed({ ...goods, cacheControl: 'private, no-store' })).toBe(false);
    expect(mayKeepCompressed({ ...goods, cacheControl: 'no-store' })).toBe(false);
    expect(mayKeepCompressed({ ...goods, vary: 'Accept-Encoding, Cookie' })).toBe(false);
    for (const status of [201, 206, 301, 304, 404, 500, 503]) expect(mayKeepCompressed({ ...goods, status }), String(status)).toBe(false);
    expect(mayKeepCompressed({ ...goods, method: 'HEAD' })).toBe(false);
    expect(mayKeepCompressed({ ...goods, method: 'POST' })).toBe(false);
  });
  it('keeps only what would be compressed at all', () => {
    expect(mayKeepCompressed({ ...goods, contentType: 'image/png' })).toBe(false);
    expect(mayKeepCompressed({ ...goods, contentEncoding: 'br' })).toBe(false);
    expect(mayKeepCompressed({ ...goods, contentLength: 300 })).toBe(false);
    expect(mayKeepCompressed({ ...goods, cacheControl: 'public, max-age=60, no-transform' })).toBe(false);
  });
  it('reads private and per-visitor answers from their headers', () => {
    for (const cc of ['private', 'private, no-store', 'no-store', 'public, no-store', 'private="set-cookie", max-age=60', 'PRIVATE'])
      expect(isPrivateResponse(cc), cc).toBe(true);
    for (const cc of ['public, max-age=60', 'max-age=0, must-revalidate', 'no-cache', undefined, ''])
      expect(isPrivateResponse(cc), String(cc)).toBe(false);
    for (const v of ['Cookie', 'accept-encoding, cookie', '*', ['Accept-Encoding', 'Authorization']])
      expect(variesPerVisitor(v), String(v)).toBe(true);
    for (const v of ['Accept-Encoding', 'Accept-Language', undefined, '']) expect(variesPerVisitor(v), String(v)).toBe(false);
  });
  it('answers a kept page again from the response cache only when nothing but the encoding varies it', () => {
    expect(mayReplay(goods)).toBe(true);
    expect(mayReplay({ ...goods, vary: undefined })).toBe(true);
    for (const vary of ['Accept-Encoding, Accept-Language', 'Cookie', '*', ['Accept-Encoding', 'X-Region']])
      expect(mayReplay({ ...goods, vary }), String(vary)).toBe(false);
    expect(mayReplay({ ...goods, setsCookie: true })).toBe(false);
    expect(mayReplay({ ...goods, routeCache: null })).toBe(false);
    for (const v of ['accept-encoding', ' Accept-Encoding ', ['Accept-Encoding'], '', undefined])
      expect(variesOnlyByEncoding(v), String(v)).toBe(true);
  });
});

describe('requests the response cache leaves to the middleware', () => {
  it('the refresh cookie without the access cookie: the middleware renews the tokens', () => {
    for (const c of ['gas_rt=abc', 'gas_user=x; gas_rt=abc', 'gas_rt="abc"; gas_at=', 'gas_at= ; gas_rt=abc'])
      expect(mustReachMiddleware(c), c).toBe(true);
  });
  it('a shop session put aside by a punchout that is over: the middleware gives it back', () => {
    for (const c of ['gas_aside=x', 'gas_at=a; gas_rt=r; gas_aside=x']) expect(mustReachMiddleware(c), c).toBe(true);
  });
  it('everything else', () => {
    for (const c of [
      undefined,
      null,
      '',
      'gas_user=x',
      'gas_at=a; gas_rt=r',
      'gas_rt=',
      'gas_rt=""',
      'x_gas_rt=abc',
      'gas_rtx=abc',
      'gas_at=a; gas_rt=r; gas_aside=x; gas_po=p',
      'gas_aside=',
    ])
      expect(mustReachMiddleware(c), String(c)).toBe(false);
  });
});

describe('ETags', () => {
  it('differ per encoding and match weakly', () => {
    expect(etagFor('abc', null)).toBe('"abc"');
    expect(etagFor('abc', 'br')).toBe('"abc-br"');
    expect(etagFor('abc', 'gzip')).toBe('"abc-gz"');
    expect(etagMatches('"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('W/"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', '"abc-br"')).toBe(false);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe('netlify.toml', () => {
  it('sets the same Cache-Control as the Node server for every path rule', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    const rules = [...toml.matchAll(/for = "([^"]+)"\s*\[headers\.values\]([^[]*)/g)]
      .map(([, path, values]) => [path!, /Cache-Control = "([^"]+)"/.exec(values!)?.[1]] as const)
      .filter(([, cc]) => cc);
    expect(rules.map(([p]) => p)).toEqual(expect.arrayContaining(['/_astro/*', '/images/*', '/videos/*', '/fonts/*']));
    for (const [path, cc] of rules) expect(cc, path).toBe(staticCacheControl(path.replace('*', 'example.svg')));
  });
});
