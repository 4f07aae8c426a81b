// The build-time API loader (src/features/articles/loader.ts): digests per entry against a fake store, build errors naming the
// endpoint, paging and bounded concurrency.
import { describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { allPages, apiCollection, ContentSourceError, mapLimit, syncEntries } from '#src/features/articles/loader.ts';
import type { Api } from '#src/shared/api/client.ts';
import { ApiError } from '#src/shared/api/errors.ts';

interface Stored {
  id: string;
  data: Record<string, unknown>;
  digest?: string;
}

/** The part of Astro's scoped data store the loader uses, in memory, counting writes. */
function fakeStore(initial: Stored[] = []) {
  const map = new Map(initial.map((e) => [e.id, e]));
  const writes: string[] = [];
  const deletes: string[] = [];
  const store = {
    get: (id: string) => map.get(id),
    set: (e: Stored) => {
      writes.push(e.id);
      map.set(e.id, e);
      return true;
    },
    delete: (id: string) => {
      deletes.push(id);
      map.delete(id);
    },
    keys: () => [...map.keys()],
    has: (id: string) => map.has(id),
    values: () => [...map.values()],
    entries: () => [...map.entries()],
    clear: () => map.clear(),
    addModuleImport: () => undefined,
  };
  return { store, map, writes, deletes };
}

const generateDigest = (data: Record<string, unknown> | string) =>
  createHash('sha1')
    .update(typeof data === 'string' ? data : JSON.stringify(data))
    .digest('hex');
// The fake is structurally what syncEntries reads; the cast keeps the test free of Astro's full store type.
const ctxOf = (store: ReturnType<typeof fakeStore>['store']) => ({ store, generateDigest }) as unknown as Parameters<typeof syncEntries>[0];

const article = (id: number, content = `正文 ${id}`) => ({ articleId: id, title: `文章 ${id}`, content });
const idOf = (a: { articleId: number }) => String(a.articleId);

describe('syncEntries', () => {
  it('writes every entry of a first load with its digest', () => {
    const f = fakeStore();
    const stats = syncEntries(ctxOf(f.store), [article(1), article(2)], idOf);
    expect(stats).toEqual({ total: 2, changed: 2, removed: 0 });
    expect(f.map.get('1')).toEqual({ id: '1', data: article(1), digest: generateDigest(article(1)) });
  });

  it('keeps unchanged entries (and their digests) untouched, rewrites a changed one and drops a removed one', () => {
    const f = fakeStore();
    syncEntries(ctxOf(f.store), [article(1), article(2), article(3)], idOf);
    const before = f.map.get('1')!.digest;
    f.writes.length = 0;

    const stats = syncEntries(ctxOf(f.store), [article(1), article(2, '改过的正文')], idOf);
    expect(stats).toEqual({ total: 2, changed: 1, removed: 1 });
    expect(f.writes).toEqual(['2']);
    expect(f.deletes).toEqual(['3']);
    expect(f.map.get('1')!.digest).toBe(before);
    expect(f.map.get('2')!.data.content).toBe('改过的正文');
    expect(f.map.has('3')).toBe(false);
  });

  it('writes nothing when nothing changed', () => {
    const f = fakeStore();
    const all = Array.from({ length: 50 }, (_, i) => article(i + 1));
    syncEntries(ctxOf(f.store), all, idOf);
    f.writes.length = 0;
    expect(
      syncEntries(
        ctxOf(f.store),
        all.map((a) => ({ ...a })),
        idOf,
      ),
    ).toEqual({ total: 50, changed: 0, removed: 0 });
    expect(f.writes).toEqual([]);
  });

  it('an empty answer empties the collection', () => {
    const f = fakeStore();
    syncEntries(ctxOf(f.store), [article(1)], idOf);
    expect(syncEntries(ctxOf(f.store), [], idOf)).toEqual({ total: 0, changed: 0, removed: 1 });
    expect(f.map.size).toBe(0);
  });
});

describe('apiCollection', () => {
  const api = {} as Api;
  const loaderCtx = (f: ReturnType<typeof fakeStore>) => {
    const info = vi.fn();
    const meta = new Map<string, string>();
    return {
      info,
      ctx: {
        collection: 'news',
        store: f.store,
        generateDigest,
        logger: { info, warn: vi.fn(), error: vi.fn(), debug: vi.fn() },
        meta: {
          get: (k: string) => meta.get(k),
          set: (k: string, v: string) => meta.set(k, v),
          has: (k: string) => meta.has(k),
          delete: (k: string) => meta.delete(k),
        },
      } as unknown as Parameters<NonNullable<ReturnType<typeof apiCollection>['load']>>[0],
    };
  };

  it('fails with a ContentSourceError naming the collection and the endpoint when the API is down', async () => {
    const loader = apiCollection(api, {
      source: 'GET /info/list, /info/detail/{id}',
      fetchAll: () =>
        Promise.reject(new ApiError('network', 'content.infoList', 0, 'content.infoList (GET /info/list): backend unreachable')),
      id: () => 'x',
    });
    const f = fakeStore();
    const error = await loader.load(loaderCtx(f).ctx).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentSourceError);
    expect((error as Error).message).toContain('GET /info/list, /info/detail/{id}');
    expect((error as Error).message).toContain('news');
    expect((error as Error).message).toContain('backend unreachable');
    // Nothing is written or dropped from a failed load: the previous build's entries stay.
    expect(f.writes).toEqual([]);
    expect(f.deletes).toEqual([]);
  });

  it('fails naming the endpoint when an answer has the wrong shape', async () => {
    const loader = apiCollection(api, {
      source: 'GET /article/list, /article?articleCode',
      fetchAll: () =>
        Promise.reject(new ApiError('schema', 'content.article', 200, 'content.article: answer does not match the contract: Invalid type')),
      id: () => 'x',
    });
    await expect(loader.load(loaderCtx(fakeStore()).ctx)).rejects.toThrow(
      /GET \/article\/list, \/article\?articleCode.*answer does not match the contract/,
    );
  });

  it('stores what the API answers and logs the counts', async () => {
    const loader = apiCollection(api, { source: 'GET /article/list', fetchAll: async () => [article(1), article(2)], id: idOf });
    const f = fakeStore();
    const { ctx, info } = loaderCtx(f);
    await loader.load(ctx);
    expect([...f.map.keys()]).toEqual(['1', '2']);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('2 entries from GET /article/list: 2 new or changed, 0 removed'));
  });
});

describe('allPages', () => {
  it('reads pages until the total is reached', async () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const asked: number[] = [];
    const all = await allPages(async (n) => {
      asked.push(n);
      return { list: items.slice((n - 1) * 100, n * 100), total: items.length };
    });
    expect(all).toEqual(items);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page even when the total says more', async () => {
    const all = await allPages(async (n) => ({ list: n === 1 ? [1, 2] : [], total: 10 }));
    expect(all).toEqual([1, 2]);
  });
});

describe('mapLimit', () => {
  it('keeps the order and never has more than `limit` calls in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapLimit(
      Array.from({ length: 40 }, (_, i) => i),
      16,
      async (i) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, (i * 7) % 5));
        inFlight--;
        return i * 2;
      },
    );
    expect(out).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(peak).toBe(16);
  });

  it('rejects when a call fails', async () => {
    await expect(mapLimit([1, 2, 3], 2, async (i) => (i === 2 ? Promise.reject(new Error('boom')) : i))).rejects.toThrow('boom');
  });
});
