// Compression of on-demand responses: a public page of the route cache is compressed once per version and encoding and then
// served from the store with its length; private answers, answers setting a cookie and errors are compressed as they stream and
// never kept. Through a real HTTP server, with a handler that answers the way Astro's does (writeHead with an object, Uint8Arrays).
import { createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CompressedPages, compressKept, compressOnTheFly } from '#server/http-serving.ts';
import type { Encoding } from '#src/shared/http/cache.ts';

const PUBLIC = { 'content-type': 'text/html', 'cache-control': 'public, max-age=60, stale-while-revalidate=300', 'x-astro-cache': 'HIT' };
const page = (version: string) =>
  `<!doctype html><html lang="zh-CN"><body>${`<p>${version} 高纯氮气 99.999% 40L 钢瓶</p>`.repeat(120)}</body></html>`;

/** What each path answers: headers, status and the body, written in three chunks as Astro streams it (set again for each test). */
const makeAnswers = (): Record<string, { status?: number; headers: OutgoingHttpHeaders; body: string }> => ({
  '/goods/1': { headers: PUBLIC, body: page('v1') },
  '/goods/2': { headers: { ...PUBLIC, 'x-astro-cache': 'MISS' }, body: page('v2') },
  // Marked as the route cache's, which Astro never does for a private page: the rule holds on its own.
  '/member': { headers: { ...PUBLIC, 'cache-control': 'private, no-store' }, body: page('member') },
  '/cookie': { headers: { ...PUBLIC, 'set-cookie': ['cart=1; HttpOnly'] }, body: page('cookie') },
  '/missing': { status: 404, headers: PUBLIC, body: page('404') },
  '/uncached': { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' }, body: page('uncached') },
});
let answers = makeAnswers();

let pages: CompressedPages;
let compressOk = true;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    compressOnTheFly(req, res, pages);
    const a = answers[req.url!]!;
    res.writeHead(a.status ?? 200, a.headers);
    if (req.method === 'HEAD') return void res.end();
    const bytes = new TextEncoder().encode(a.body);
    res.write(bytes.subarray(0, 100));
    res.write(bytes.subarray(100, 2000));
    res.write(bytes.subarray(2000));
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

beforeEach(() => {
  answers = makeAnswers();
  compressOk = true;
  // The real settings, behind a switch that makes compressing fail.
  pages = new CompressedPages(1024 * 1024, (body: Buffer, encoding: Encoding) =>
    compressOk ? compressKept(body, encoding) : Promise.reject(new Error('zlib')),
  );
});

/** One request with node:http: the raw bytes, as sent (fetch would decode them). */
function get(
  path: string,
  acceptEncoding: string | null,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: { headers: IncomingHttpHeaders; raw: Buffer }) =>
  (r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.raw)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.raw)
      : r.raw
  ).toString();

describe('a public page of the route cache', () => {
  it('is compressed once per encoding, then served from the store with its length', async () => {
    const first = await get('/goods/1', 'br, gzip');
    const second = await get('/goods/1', 'br, gzip');
    expect(pages.compressions).toBe(1);
    expect(pages.hits).toBe(1);
    for (const r of [first, second]) {
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers['content-length']).toBe(String(r.raw.length));
      expect(r.headers['transfer-encoding']).toBeUndefined();
      expect(r.headers['x-astro-cache']).toBe('HIT');
      expect(decode(r)).toBe(page('v1'));
    }
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.raw.length).toBeLessThan(Buffer.byteLength(page('v1')) / 5);

    const gzip = await get('/goods/1', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(page('v1'));
    expect(pages.compressions).toBe(2);
    expect(pages.size).toBe(2);
  });

  it('keys the store by content: a new version is compressed afresh, the same bytes at another address are not', async () => {
    await get('/goods/1', 'br');
    answers['/goods/1']!.body = page('v1 edited');
    const edited = await get('/goods/1', 'br');
    expect(decode(edited)).toBe(page('v1 edited'));
    expect(pages.compressions).toBe(2);
    // The page the route cache has just stored (MISS) is kept too.
    answers['/goods/2']!.body = page('v1');
    expect(decode(await get('/goods/2', 'br'))).toBe(page('v1'));
    expect(pages.compressions).toBe(2);
  });

  it('serves many clients from one compression', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => get('/goods/2', 'br, gzip')));
    expect(pages.compressions).toBe(1);
    expect(pages.hits).toBe(7);
    for (const r of all) expect(decode(r)).toBe(page('v2'));
  });

  it('is sent plain, with its length, when compressing fails', async () => {
    compressOk = false;
    const r = await get('/goods/1', 'br');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-length']).toBe(String(r.raw.length));
    expect(r.raw.toString()).toBe(page('v1'));
    expect(pages.size).toBe(0);
  });

  it('is sent plain to a client that asks for no encoding, and HEAD has no body', async () => {
    const plain = await get('/goods/1', null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.raw.toString()).toBe(page('v1'));
    const head = await get('/goods/1', 'br, gzip', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers.vary).toBe('Accept-Encoding');
    expect(head.headers['content-type']).toBe('text/html');
    expect(pages.compressions + pages.hits).toBe(0);
  });
});

describe('answers that are never kept', () => {
  it.each([
    ['a private page', '/member'],
    ['a page setting a cookie', '/cookie'],
    ['an error page', '/missing'],
    ['a page the route cache does not hold', '/uncached'],
  ])('%s is compressed as it streams, every time', async (_what, path) => {
    for (let i = 0; i < 2; i++) {
      const r = await get(path, 'br, gzip');
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['transfer-encoding']).toBe('chunked');
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(decode(r)).toBe(answers[path]!.body);
    }
    const gzip = await get(path, 'gzip');
    expect(decode(gzip)).toBe(answers[path]!.body);
    expect(pages.compressions + pages.hits).toBe(0);
    expect(pages.size).toBe(0);
  });
});

describe('the store', () => {
  it('is bounded in bytes, the least recently served going first', async () => {
    const store = new CompressedPages(100, async (body) => body.subarray(0, 10));
    const body = (n: number) => Buffer.from(`page ${n} `.repeat(20));
    for (let n = 0; n < 10; n++) await store.get(body(n), 'br');
    expect(store.bytes).toBe(100);
    // Page 0 served again: now the most recent, so page 1 goes when page 10 comes.
    await store.get(body(0), 'br');
    expect(store.compressions).toBe(10);
    await store.get(body(10), 'br');
    await store.get(body(0), 'br');
    expect(store.compressions).toBe(11);
    await store.get(body(1), 'br');
    expect(store.compressions).toBe(12);
    expect(store.bytes).toBeLessThanOrEqual(100);
    expect(store.size).toBe(10);
  });

  it('compresses a body once while requests for it wait', async () => {
    let finish!: (b: Buffer) => void;
    let calls = 0;
    const store = new CompressedPages(1000, () => {
      calls++;
      return new Promise<Buffer>((r) => (finish = r));
    });
    const body = Buffer.from('x'.repeat(200));
    const waiting = [store.get(body, 'br'), store.get(body, 'br'), store.get(body, 'br')];
    expect(calls).toBe(1);
    finish(Buffer.from('small'));
    for (const out of await Promise.all(waiting)) expect(out.toString()).toBe('small');
    expect(store.get(body, 'br')).toEqual(Buffer.from('small'));
    expect([store.compressions, store.hits, store.size]).toEqual([1, 3, 1]);
  });

  it('serves a body too big for it without keeping it', async () => {
    const store = new CompressedPages(100, async (body) => body);
    const big = Buffer.alloc(50, 'x');
    expect((await store.get(big, 'br')).equals(big)).toBe(true);
    expect(store.size).toBe(0);
  });
});
