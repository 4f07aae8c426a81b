import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/** Compression and caching on the Node server, asked the way curl would (raw HTTP, no client decoding). */
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const BR = { 'accept-encoding': 'br' };

test('home, a hashed script and an on-demand page answer brotli to accept-encoding: br; the script is immutable', async ({ baseURL }) => {
  const home = await get(`${baseURL}/`, BR);
  expect(home.status).toBe(200);
  expect(home.headers['content-encoding']).toBe('br');
  expect(home.headers['vary']).toMatch(/accept-encoding/i);
  const html = brotliDecompressSync(home.body).toString('utf8');
  expect(html).toContain('<html lang="zh-CN"');

  // The rule covers text over 1 KB: take the first of home's scripts that large.
  const scripts = [...html.matchAll(/<script[^>]+src="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let script: string | undefined;
  for (const src of scripts) if (!script && (await get(`${baseURL}${src}`)).body.length > 1024) script = src;
  expect(script, 'home loads a hashed script over 1 KB').toBeTruthy();
  const js = await get(`${baseURL}${script}`, BR);
  expect(js.status).toBe(200);
  expect(js.headers['content-encoding']).toBe('br');
  expect(js.headers['content-type']).toMatch(/javascript/);
  expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(js.body).length).toBeGreaterThan(0);

  const shop = await get(`${baseURL}/shop/1`, BR);
  expect(shop.status).toBe(200);
  expect(shop.headers['content-encoding']).toBe('br');
  expect(shop.headers['vary']).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(shop.body).toString('utf8')).toContain('</html>');
});

test('gzip for clients without brotli, identity for clients without either', async ({ baseURL }) => {
  for (const path of ['/', '/shop/1']) {
    const gz = await get(`${baseURL}${path}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding'], path).toBe('gzip');
    const plain = await get(`${baseURL}${path}`);
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    expect(plain.body.toString('utf8'), path).toContain('</html>');
  }
});

test('every text response over 1 KB on the main pages is compressed', async ({ page, baseURL }) => {
  const urls = new Set<string>();
  page.on('request', (r) => r.url().startsWith(baseURL!) && urls.add(r.url()));
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.goto('/services/policies/381', { waitUntil: 'networkidle' });
  expect(urls.size).toBeGreaterThan(3);
  for (const url of urls) {
    const plain = await get(url);
    const type = String(plain.headers['content-type'] ?? '');
    if (!/html|css|javascript|json|svg|xml/.test(type) || plain.body.length <= 1024) continue;
    const res = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding'], url).toBe('br');
  }
});

test('pre-rendered HTML is revalidated by its ETag', async ({ baseURL }) => {
  const first = await get(`${baseURL}/services/policies/381`, BR);
  expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  const etag = String(first.headers['etag']);
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await get(`${baseURL}/services/policies/381`, { ...BR, 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  // Another encoding is another representation: it does not validate.
  const gz = await get(`${baseURL}/services/policies/381`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
  expect(gz.status).toBe(200);
});

test('pictures get a week, not a year and not zero', async ({ baseURL }) => {
  const pic = await get(`${baseURL}/images/banners/1.svg`, BR);
  expect(pic.status).toBe(200);
  expect(pic.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=86400');
});

test('no path escapes the static folder', async ({ baseURL }) => {
  for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/_astro/..%2f..%2fserver%2fentry.mjs']) {
    const res = await get(`${baseURL}${path}`);
    expect(res.status, path).toBe(404);
    expect(res.body.toString('utf8'), path).not.toContain('gas-storefront');
  }
});
