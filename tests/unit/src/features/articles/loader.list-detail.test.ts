// The list + detail loader (src/features/articles/loader.ts listDetailCollection) and the news neighbours: an unchanged rebuild
// fetches no detail; an edited row, a new neighbour or a missing entry fetches exactly those details.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { listDetailCollection } from '#src/features/articles/loader.ts';
import { newsNeighbours } from '#src/features/articles/neighbours.ts';
import type { Api } from '#src/shared/api/client.ts';

interface Row {
  id: number;
  categoryId: number;
  title: string;
  updatedAt: string;
}

const generateDigest = (data: Record<string, unknown> | string) =>
  createHash('sha1')
    .update(typeof data === 'string' ? data : JSON.stringify(data))
    .digest('hex');

/** A loader context in memory that survives between "builds", like Astro's data store and meta store. */
function persistentContext() {
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest?: string }>();
  const meta = new Map<string, string>();
  const ctx = {
    collection: 'news',
    store: {
      get: (id: string) => entries.get(id),
      set: (e: { id: string; data: Record<string, unknown>; digest?: string }) => (entries.set(e.id, e), true),
      delete: (id: string) => void entries.delete(id),
      keys: () => [...entries.keys()],
      has: (id: string) => entries.has(id),
    },
    meta: {
      get: (k: string) => meta.get(k),
      set: (k: string, v: string) => void meta.set(k, v),
      has: (k: string) => meta.has(k),
      delete: (k: string) => void meta.delete(k),
    },
    generateDigest,
    logger: { info: () => undefined },
  };
  return { ctx, entries };
}

function backend(rows: Row[]) {
  const fetched: number[] = [];
  const loader = listDetailCollection(null as unknown as Api, {
    source: 'GET /info/list, /info/detail/{id}',
    list: async () => rows.map((r) => ({ ...r })),
    detail: async (_api, r: Row) => {
      fetched.push(r.id);
      const n = newsNeighbours(rows).get(String(r.id))!;
      return { ...r, content: `正文 ${r.id} ${r.updatedAt}`, prev: n.prev, next: n.next };
    },
    id: (r) => String(r.id),
    context: newsNeighbours,
  });
  return { loader, fetched };
}

const row = (id: number, categoryId = 1, updatedAt = '2026-01-01 10:00:00'): Row => ({ id, categoryId, title: `新闻 ${id}`, updatedAt });
type Ctx = Parameters<ReturnType<typeof listDetailCollection>['load']>[0];

describe('listDetailCollection', () => {
  it('fetches every detail on a cold load and none when nothing changed', async () => {
    const { ctx, entries } = persistentContext();
    const rows = [row(3), row(2), row(1), row(9, 2)];
    const b = backend(rows);
    await b.loader.load(ctx as unknown as Ctx);
    expect(b.fetched.sort()).toEqual([1, 2, 3, 9]);
    const digests = [...entries.values()].map((e) => e.digest);
    b.fetched.length = 0;
    await b.loader.load(ctx as unknown as Ctx);
    expect(b.fetched).toEqual([]);
    expect([...entries.values()].map((e) => e.digest)).toEqual(digests);
  });

  it('fetches an edited article, and the neighbours of a new one, and drops a removed one', async () => {
    const { ctx, entries } = persistentContext();
    const rows = [row(3), row(2), row(1), row(9, 2)];
    const b = backend(rows);
    await b.loader.load(ctx as unknown as Ctx);
    b.fetched.length = 0;
    rows[1] = row(2, 1, '2026-02-02 09:00:00'); // edited: its updatedAt moved
    await b.loader.load(ctx as unknown as Ctx);
    expect(b.fetched).toEqual([2]);
    expect(entries.get('2')!.data.content).toBe('正文 2 2026-02-02 09:00:00');

    b.fetched.length = 0;
    rows.unshift(row(4)); // a newer article of category 1: article 3's 上一篇 is now 4
    await b.loader.load(ctx as unknown as Ctx);
    expect(b.fetched.sort()).toEqual([3, 4]);
    expect(entries.get('3')!.data.prev).toEqual({ id: 4, title: '新闻 4' });

    b.fetched.length = 0;
    rows.splice(
      rows.findIndex((r) => r.id === 9),
      1,
    );
    await b.loader.load(ctx as unknown as Ctx);
    expect(b.fetched).toEqual([]);
    expect(entries.has('9')).toBe(false);
  });

  it('fetches an entry again when the store lost it even though its row is unchanged', async () => {
    const { ctx, entries } = persistentContext();
    const b = backend([row(1), row(2)]);
    await b.loader.load(ctx as unknown as Ctx);
    entries.delete('1');
    b.fetched.length = 0;
    await b.loader.load(ctx as unknown as Ctx);
    expect(b.fetched).toEqual([1]);
  });

  it('fails naming the endpoint when the list or a detail fails', async () => {
    const { ctx } = persistentContext();
    const loader = listDetailCollection(null as unknown as Api, {
      source: 'GET /info/list, /info/detail/{id}',
      list: async () => [row(1)],
      detail: async () => {
        throw new Error('wrong shape');
      },
      id: (r: Row) => String(r.id),
    });
    await expect(loader.load(ctx as unknown as Ctx)).rejects.toThrow(/GET \/info\/list, \/info\/detail\/\{id\}.*wrong shape/);
  });
});

describe('newsNeighbours', () => {
  it('links each article to the next newer and older one of its own category', () => {
    const n = newsNeighbours([row(5, 1), row(4, 2), row(3, 1), row(2, 1)]);
    expect(n.get('3')).toEqual({ prev: { id: 5, title: '新闻 5' }, next: { id: 2, title: '新闻 2' } });
    expect(n.get('4')).toEqual({ prev: null, next: null });
    expect(n.get('5')!.prev).toBeNull();
  });
});
