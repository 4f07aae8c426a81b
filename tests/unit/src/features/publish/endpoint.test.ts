// POST /api/publish and GET /api/publish/status as the back office meets them: answers, dedupe, purges, size and auth.
import { describe, expect, it } from 'vitest';
import { handlePublish, handleStatus } from '#src/features/publish/endpoint.ts';
import { parseSecrets, signedHeaders, type PublishEvent } from '#src/features/publish/webhook.ts';
import { Publisher } from '#server/publish/publisher.ts';
import { PublishStore } from '#server/publish/store.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function setup() {
  const store = new PublishStore(null);
  const builds: string[][] = [];
  const publisher = new Publisher({
    store,
    quietMs: 60_000,
    maxWaitMs: 60_000,
    retryMs: [1000],
    build: async (e) => (builds.push(e), { release: '1' }),
    log: () => undefined,
  });
  const purged: string[][] = [];
  const logs: string[] = [];
  const deps = {
    secrets: SECRET,
    sink: publisher,
    invalidate: (tags: string[]) => void purged.push(tags),
    log: (l: string) => void logs.push(l),
  };
  return { store, publisher, purged, logs, deps, builds };
}

function request(event: unknown, o: { id?: string; ts?: number; raw?: string; secret?: string } = {}): Request {
  const body = o.raw ?? JSON.stringify(event);
  const headers = signedHeaders(parseSecrets(o.secret ?? SECRET), o.id ?? 'msg_a', o.ts ?? Math.floor(Date.now() / 1000), body);
  return new Request('http://shop.local/api/publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

const article: PublishEvent = { type: 'article.changed', data: { kind: 'news', ids: [5] } };

describe('POST /api/publish', () => {
  it('answers 202 {accepted: true} fast and queues a rebuild event as pending', async () => {
    const { deps, publisher } = setup();
    // The first call of a process pays for loading code; the server answers many.
    await handlePublish(request(article, { id: 'msg_warm' }), deps);
    const started = performance.now();
    const res = await handlePublish(request(article), deps);
    expect(performance.now() - started).toBeLessThan(100);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    expect(publisher.status()).toMatchObject({ state: 'waiting', pending: ['msg_warm', 'msg_a'] });
    publisher.stop();
  });

  it('answers a replayed webhook-id with 200 {duplicate: true} and queues nothing more', async () => {
    const { deps, publisher, purged } = setup();
    const goods: PublishEvent = { type: 'goods.changed', data: { ids: [1001] } };
    expect((await handlePublish(request(goods, { id: 'msg_g' }), deps)).status).toBe(202);
    const again = await handlePublish(request(goods, { id: 'msg_g' }), deps);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ duplicate: true });
    await new Promise((r) => setTimeout(r, 10));
    expect(purged).toEqual([['goods-1001', 'goods-list']]);
    expect((await handlePublish(request(article, { id: 'msg_r' }), deps)).status).toBe(202);
    expect((await handlePublish(request(article, { id: 'msg_r' }), deps)).status).toBe(200);
    expect(publisher.status().pending).toEqual(['msg_r']);
    publisher.stop();
  });

  it('purges goods and category tags without a rebuild', async () => {
    const { deps, publisher, purged } = setup();
    await handlePublish(request({ type: 'goods.delisted', data: { ids: [1002, 1003] } }, { id: 'msg_d' }), deps);
    await handlePublish(request({ type: 'category.changed', data: { ids: [103] } }, { id: 'msg_c' }), deps);
    await new Promise((r) => setTimeout(r, 10));
    expect(purged).toEqual([
      ['goods-1002', 'goods-1003', 'goods-list'],
      ['category-103', 'goods-list'],
    ]);
    expect(publisher.status()).toMatchObject({ state: 'idle', pending: [] });
  });

  it('answers a body over 256 KB with 413 without reading it all, and logs no body', async () => {
    const { deps, publisher, logs } = setup();
    const big = JSON.stringify({ type: 'site.changed', data: { pad: 'x'.repeat(300 * 1024) } });
    const res = await handlePublish(request(null, { raw: big }), deps);
    expect(res.status).toBe(413);
    expect(publisher.status().pending).toEqual([]);
    expect(logs.join('\n')).toMatch(/rejected 413/);
    expect(logs.join('\n')).not.toContain('xxxx');
  });

  it('answers 401 for a wrong secret, a stale and a future timestamp, changing nothing and logging no body', async () => {
    const { deps, publisher, logs } = setup();
    const other = `whsec_${Buffer.from('another secret of 32 bytes long!').toString('base64')}`;
    const now = Math.floor(Date.now() / 1000);
    for (const r of [request(article, { secret: other }), request(article, { ts: now - 301 }), request(article, { ts: now + 301 })]) {
      const res = await handlePublish(r, deps);
      expect(res.status).toBe(401);
    }
    const unsigned = new Request('http://shop.local/api/publish', { method: 'POST', body: JSON.stringify(article) });
    expect((await handlePublish(unsigned, deps)).status).toBe(401);
    expect(publisher.status().pending).toEqual([]);
    expect(logs).toHaveLength(4);
    expect(logs.join('\n')).not.toContain('article.changed');
  });

  it('answers 400 with a message for malformed JSON and an unknown type', async () => {
    const { deps } = setup();
    const bad = await handlePublish(request(null, { raw: '{"type":' }), deps);
    expect(bad.status).toBe(400);
    expect((await bad.json()) as unknown).toEqual({ error: 'body is not valid JSON' });
    const unknown = await handlePublish(request({ type: 'order.paid', data: {} }), deps);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/unknown event type/);
  });

  it('answers 503 {error: "publishing is not configured"} without a secret', async () => {
    const { deps } = setup();
    const res = await handlePublish(request(article), { ...deps, secrets: undefined });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'publishing is not configured' });
  });
});

describe('GET /api/publish/status', () => {
  it('answers the status with the bearer token and 401 without it or with another', async () => {
    const { publisher } = setup();
    const get = (auth?: string) =>
      handleStatus(new Request('http://shop.local/api/publish/status', { headers: auth ? { authorization: auth } : {} }), {
        token: 'tok-123',
        sink: publisher,
      });
    expect((await get()).status).toBe(401);
    expect((await get('Bearer tok-124')).status).toBe(401);
    const ok = await get('Bearer tok-123');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ state: 'idle', pending: [], builds: 0, lastSuccess: null, lastFailure: null });
  });
});

describe('site.changed', () => {
  it('applies the open/closed status at once, without a rebuild, in either shape; once per webhook-id', async () => {
    const { deps, publisher, builds } = setup();
    const applied: unknown[] = [];
    const d = { ...deps, applySite: (s: unknown) => void applied.push(s) };
    expect(
      (await handlePublish(request({ type: 'site.changed', data: { siteon: 0, close_reson: '年度检修' } }, { id: 'msg_s1' }), d)).status,
    ).toBe(202);
    expect(
      (await handlePublish(request({ type: 'site.changed', data: { siteon: 0, close_reson: '年度检修' } }, { id: 'msg_s1' }), d)).status,
    ).toBe(200);
    expect((await handlePublish(request({ type: 'site.changed', data: { open: true } }, { id: 'msg_s2' }), d)).status).toBe(202);
    expect(applied).toEqual([
      { open: false, reason: '年度检修' },
      { open: true, reason: '' },
    ]);
    expect(publisher.status()).toMatchObject({ state: 'idle', pending: [] });
    expect(builds).toEqual([]);
    publisher.stop();
  });

  it('still rebuilds for other site data, and applies a status sent with it', async () => {
    const { deps, publisher } = setup();
    const applied: unknown[] = [];
    const d = { ...deps, applySite: (s: unknown) => void applied.push(s) };
    await handlePublish(request({ type: 'site.changed', data: {} }, { id: 'msg_s3' }), d);
    await handlePublish(request({ type: 'site.changed', data: { siteon: 1, title: '新站名' } }, { id: 'msg_s4' }), d);
    expect(publisher.status().pending).toEqual(['msg_s3', 'msg_s4']);
    expect(applied).toEqual([{ open: true, reason: '' }]);
    publisher.stop();
  });

  it('refuses a status of the wrong type with 400 and its Chinese message', async () => {
    const { deps, publisher } = setup();
    const res = await handlePublish(request({ type: 'site.changed', data: { siteon: 2 } }, { id: 'msg_s5' }), deps);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'data.siteon: data.siteon 只能是 0 或 1' });
    const open = await handlePublish(request({ type: 'site.changed', data: { open: 'yes' } }, { id: 'msg_s6' }), deps);
    expect(open.status).toBe(400);
    publisher.stop();
  });
});
