// The short-lived response cache in front of Astro's handler (server/response-cache.ts), wired as server/serve.ts wires it:
// asked first, and handed what server/http-serving.ts sends of a public route-cache page. Through a real HTTP server whose
// handler answers the way Astro's does (writeHead with an object, Uint8Arrays in chunks), with a clock the tests move.
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CompressedPages, compressOnTheFly } from '#server/http-serving.ts';
import { ResponseCache, type SentPage } from '#server/response-cache.ts';
import { onPurgeResponses, purgeResponses, RESPONSE_CACHE_TTL_MS } from '#src/shared/http/cache.ts';

const PUBLIC = { 'content-type': 'text/html', 'cache-control': 'public, max-age=60, stale-while-revalidate=300', 'x-astro-cache': 'HIT' };
const page = (version: string) =>
  `<!doctype html><html lang="zh-CN"><body>${`<p>${version} 高纯氮气 99.999% 40L 钢瓶</p>`.repeat(120)}</body></html>`;

/** What each path answers (set again for each test). */
const makeAnswers = (): Record<string, { status?: number; headers: OutgoingHttpHeaders; body: string }> => ({
  '/goods/1': { headers: PUBLIC, body: page('v1') },
  '/goods/2': { headers: { ...PUBLIC, 'x-astro-cache': 'MISS' }, body: page('v2') },
  '/stale': { headers: { ...PUBLIC, 'x-astro-cache': 'STALE' }, body: page('stale') },
  '/member': { headers: { ...PUBLIC, 'cache-control': 'private, no-store' }, body: page('member') },
  '/cookie': { headers: { ...PUBLIC, 'set-cookie': ['gas_at=new; HttpOnly'] }, body: page('cookie') },
  '/missing': { status: 404, headers: PUBLIC, body: page('404') },
  '/uncached': { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' }, body: page('uncached') },
  '/per-cookie': { headers: { ...PUBLIC, vary: 'Cookie' }, body: page('per cookie') },
  '/per-language': { headers: { ...PUBLIC, vary: 'Accept-Language' }, body: page('per language') },
  '/by-encoding': { headers: { ...PUBLIC, vary: 'Accept-Encoding' }, body: page('by encoding') },
});
let answers = makeAnswers();

let cache: ResponseCache;
let pages: CompressedPages;
let clock = 0;
/** Requests that reached the handler, by path. */
let reached: string[] = [];
/** When set, the handler waits for it before answering (a purge while Astro is answering). */
let hold: Promise<void> | null = null;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    // server/serve.ts's order: the response cache, then (static files, then) compression around Astro's handler.
    if (cache.answer(req, res)) return;
    compressOnTheFly(req, res, pages, cache.recorder(req, res));
    reached.push(`${req.method} ${req.url}`);
    if (hold) await hold;
    const a = answers[req.url!]!;
    res.writeHead(a.status ?? 200, a.headers);
    if (req.method === 'HEAD') return void res.end();
    const bytes = new TextEncoder().encode(a.body);
    res.write(bytes.subarray(0, 100));
    res.write(bytes.subarray(100, 2000));
    res.end(bytes.subarray(2000));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

beforeEach(() => {
  answers = makeAnswers();
  clock = 1_000_000;
  reached = [];
  hold = null;
  cache = new ResponseCache({ maxBytes: 1024 * 1024, now: () => clock });
  pages = new CompressedPages(1024 * 1024);
});
afterEach(() => onPurgeResponses(undefined));

/** One request with node:http: the raw bytes, as sent (fetch would decode them). */
function get(
  path: string,
  o: { encoding?: string | null; method?: string; cookie?: string; host?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; raw: Buffer }> {
  const headers: Record<string, string> = {};
  const encoding = o.encoding === undefined ? 'br, gzip' : o.encoding;
  if (encoding) headers['accept-encoding'] = encoding;
  if (o.cookie) headers.cookie = o.cookie;
  if (o.host) headers.host = o.host;
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: o.method ?? 'GET', headers }, (res) => {
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

/** The headers that say what a response is (Date and the connection's own differ per response). */
const described = (h: IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = h;
  return rest;
};

describe('a public page of the route cache', () => {
  it('is answered again within the TTL without reaching the handler: same status, headers and bytes', async () => {
    const first = await get('/goods/1');
    clock += RESPONSE_CACHE_TTL_MS - 1;
    const second = await get('/goods/1');
    expect(reached).toEqual(['GET /goods/1']);
    expect([cache.stores, cache.hits]).toEqual([1, 1]);
    expect(second.status).toBe(200);
    expect(described(second.headers)).toEqual(described(first.headers));
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['content-length']).toBe(String(second.raw.length));
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(decode(second)).toBe(page('v1'));
  });

  it('goes to the handler again once the TTL is over, and is kept anew', async () => {
    await get('/goods/1');
    clock += RESPONSE_CACHE_TTL_MS;
    answers['/goods/1']!.body = page('v1 edited');
    expect(decode(await get('/goods/1'))).toBe(page('v1 edited'));
    expect(decode(await get('/goods/1'))).toBe(page('v1 edited'));
    expect(reached).toEqual(['GET /goods/1', 'GET /goods/1']);
  });

  it('past the TTL, sends one request to the handler and answers the others from the old version meanwhile', async () => {
    await get('/goods/1');
    clock += RESPONSE_CACHE_TTL_MS;
    answers['/goods/1']!.body = page('v1 edited');
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const refresh = get('/goods/1');
    while (reached.length < 2) await new Promise((r) => setTimeout(r, 5));
    const meanwhile = await Promise.all([get('/goods/1'), get('/goods/1', { method: 'HEAD' }), get('/goods/1')]);
    for (const r of [meanwhile[0], meanwhile[2]]) expect(decode(r)).toBe(page('v1'));
    expect(meanwhile[1].raw.length).toBe(0);
    expect(reached).toHaveLength(2);
    release();
    expect(decode(await refresh)).toBe(page('v1 edited'));
    hold = null;
    expect(decode(await get('/goods/1'))).toBe(page('v1 edited'));
    expect(reached).toHaveLength(2);
  });

  it('drops the old version when its refresh brings none (the page is now private), and never answers it past twice the TTL', async () => {
    await get('/goods/1');
    clock += RESPONSE_CACHE_TTL_MS;
    answers['/goods/1']!.headers = { ...PUBLIC, 'cache-control': 'private, no-store' };
    answers['/goods/1']!.body = page('v1 private');
    expect(decode(await get('/goods/1'))).toBe(page('v1 private'));
    expect(decode(await get('/goods/1'))).toBe(page('v1 private'));
    expect(reached).toHaveLength(3);

    answers['/goods/2']!.body = page('v2');
    await get('/goods/2');
    clock += 2 * RESPONSE_CACHE_TTL_MS;
    answers['/goods/2']!.body = page('v2 edited');
    expect(decode(await get('/goods/2'))).toBe(page('v2 edited'));
    expect(reached).toHaveLength(5);
  });

  it('is kept per encoding, and never for a client that asks for none', async () => {
    const br = await get('/goods/1', { encoding: 'br' });
    const gzip = await get('/goods/1', { encoding: 'gzip' });
    expect(reached).toHaveLength(2);
    const [br2, gzip2] = [await get('/goods/1', { encoding: 'br, gzip' }), await get('/goods/1', { encoding: 'gzip, deflate' })];
    expect(reached).toHaveLength(2);
    expect(br2.headers['content-encoding']).toBe('br');
    expect(gzip2.headers['content-encoding']).toBe('gzip');
    for (const r of [br, gzip, br2, gzip2]) expect(decode(r)).toBe(page('v1'));
    for (let i = 0; i < 2; i++) expect(decode(await get('/goods/1', { encoding: null }))).toBe(page('v1'));
    expect(reached).toHaveLength(4);
  });

  it('is kept per host (pages may show the origin they were asked on)', async () => {
    await get('/goods/1', { host: 'shop.example' });
    await get('/goods/1', { host: 'localhost' });
    await get('/goods/1', { host: 'shop.example' });
    expect(reached).toHaveLength(2);
  });

  it('answers HEAD with the GET head and no body, and never keeps a HEAD', async () => {
    const head = await get('/goods/2', { method: 'HEAD' });
    expect(head.raw.length).toBe(0);
    await get('/goods/2', { method: 'HEAD' });
    expect(reached).toEqual(['HEAD /goods/2', 'HEAD /goods/2']);
    const got = await get('/goods/2');
    const cachedHead = await get('/goods/2', { method: 'HEAD' });
    expect(reached).toHaveLength(3);
    expect(cachedHead.status).toBe(200);
    expect(cachedHead.raw.length).toBe(0);
    expect(cachedHead.headers['content-length']).toBe(String(got.raw.length));
    expect(cachedHead.headers['content-encoding']).toBe('br');
  });

  it('says HIT when answered again after the route cache just stored it (MISS)', async () => {
    expect((await get('/goods/2')).headers['x-astro-cache']).toBe('MISS');
    const again = await get('/goods/2');
    expect(again.headers['x-astro-cache']).toBe('HIT');
    expect(decode(again)).toBe(page('v2'));
    expect(reached).toHaveLength(1);
  });

  it('keeps Vary: Accept-Encoding, and a page the route cache serves stale', async () => {
    for (const path of ['/by-encoding', '/stale']) {
      await get(path);
      const again = await get(path);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(decode(again)).toBe(answers[path]!.body);
    }
    expect(reached).toEqual(['GET /by-encoding', 'GET /stale']);
  });
});

describe('requests that always reach the handler', () => {
  it('with the refresh cookie but no access cookie (the middleware renews the tokens), and that answer is not kept', async () => {
    await get('/goods/1', { cookie: 'gas_rt=refresh-token; gas_user=x' });
    await get('/goods/1', { cookie: 'gas_user=x; gas_rt=refresh-token' });
    expect(reached).toHaveLength(2);
    // Nothing was kept from them: the next visitor's request goes through too, and that one is kept.
    await get('/goods/1');
    await get('/goods/1');
    expect(reached).toHaveLength(3);
    await get('/goods/1', { cookie: 'gas_rt=x' });
    expect(reached).toHaveLength(4);
    // A signed-in visitor (both cookies) and one without session cookies are answered from the cache.
    await get('/goods/1', { cookie: 'gas_at=a; gas_rt=r' });
    await get('/goods/1', { cookie: 'gas_rt=; gas_user=x' });
    expect(reached).toHaveLength(4);
  });

  it('other methods', async () => {
    await get('/goods/1');
    await get('/goods/1', { method: 'POST' });
    expect(reached).toEqual(['GET /goods/1', 'POST /goods/1']);
  });
});

describe('answers never kept', () => {
  it.each([
    ['a private page', '/member'],
    ['a page setting a cookie', '/cookie'],
    ['an error page', '/missing'],
    ['a page the route cache does not hold', '/uncached'],
    ['a page varying by cookie', '/per-cookie'],
    ['a page varying by more than the encoding', '/per-language'],
  ])('%s reaches the handler every time', async (_what, path) => {
    for (let i = 0; i < 3; i++) {
      const r = await get(path);
      expect(decode(r)).toBe(answers[path]!.body);
    }
    expect(reached).toHaveLength(3);
    expect([cache.size, cache.stores]).toEqual([0, 0]);
  });
});

describe('purges', () => {
  it('empty it at once through the process-wide hook', async () => {
    onPurgeResponses(() => cache.clear());
    await get('/goods/1');
    await get('/goods/2');
    expect(cache.size).toBe(2);
    answers['/goods/1']!.body = page('v1 new price');
    purgeResponses();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
    expect(decode(await get('/goods/1'))).toBe(page('v1 new price'));
    expect(reached).toEqual(['GET /goods/1', 'GET /goods/2', 'GET /goods/1']);
  });

  it('keep out an answer the handler was giving while the purge ran', async () => {
    onPurgeResponses(() => cache.clear());
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const inFlight = get('/goods/1');
    while (!reached.length) await new Promise((r) => setTimeout(r, 5));
    purgeResponses();
    release();
    await inFlight;
    hold = null;
    await get('/goods/1');
    expect(reached).toHaveLength(2);
  });

  it('do nothing where no server registered one', () => {
    expect(() => purgeResponses()).not.toThrow();
  });
});

describe('the bound', () => {
  const fakeRequest = (url: string) =>
    ({ method: 'GET', url, headers: { 'accept-encoding': 'br', host: 'shop' } }) as unknown as IncomingMessage;
  const fakeResponse = { once: () => fakeResponse, writeHead: () => fakeResponse, end: () => fakeResponse } as unknown as ServerResponse;
  const record = (cache: ResponseCache, url: string, page: SentPage) => cache.recorder(fakeRequest(url), fakeResponse)!(page);
  const sent = (bytes: number) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.alloc(bytes, 'x') });
  /** What an entry of `bytes` body bytes counts (its headers' text too). */
  const counted = (bytes: number) => bytes + 'content-type'.length + 'text/html'.length;

  it('holds at most its bytes, the oldest going first', () => {
    const small = new ResponseCache({ maxBytes: 10 * counted(100), now: () => clock });
    for (let n = 0; n < 12; n++) record(small, `/p/${n}`, sent(100));
    expect(small.size).toBe(10);
    expect(small.bytes).toBe(10 * counted(100));
    expect(small.answer(fakeRequest('/p/0'), fakeResponse)).toBe(false);
    expect(small.answer(fakeRequest('/p/1'), fakeResponse)).toBe(false);
    expect(small.answer(fakeRequest('/p/11'), fakeResponse)).toBe(true);
  });

  it('does not keep an answer over an eighth of it', () => {
    const small = new ResponseCache({ maxBytes: 8000, now: () => clock });
    record(small, '/big', sent(1000));
    record(small, '/fits', sent(900));
    expect(small.size).toBe(1);
  });

  it('lets answers past twice their TTL go as new ones come', () => {
    const small = new ResponseCache({ maxBytes: 1_000_000, now: () => clock });
    for (let n = 0; n < 5; n++) record(small, `/p/${n}`, sent(100));
    clock += 2 * RESPONSE_CACHE_TTL_MS;
    record(small, '/p/new', sent(100));
    expect(small.size).toBe(1);
    expect(small.bytes).toBe(counted(100));
  });

  it('the same URL stored again replaces its entry', () => {
    const small = new ResponseCache({ maxBytes: 1_000_000, now: () => clock });
    record(small, '/p', sent(100));
    record(small, '/p', sent(200));
    expect([small.size, small.bytes]).toEqual([1, counted(200)]);
  });
});
