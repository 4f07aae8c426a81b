// The fast path's rules: which events it takes, the news order and neighbours after an edit (figures from the sandbox's
// seed news: ids, categories and times of GET /info/list), and which pages an edit touches.
import { describe, expect, it } from 'vitest';
import { newsNeighbours } from '#src/features/articles/neighbours.ts';
import { syncEntries } from '#src/features/articles/loader.ts';
import {
  affectedPaths,
  fastChangeOf,
  mergeInPlace,
  routeReadsChanged,
  inNewsOrder,
  mergeNews,
  newsOrder,
  staleNeighbours,
  staleNeighboursNear,
  type FastEntry,
  type NewsLike,
  type PathState,
} from '#src/features/publish/fast.ts';

/** Seed news of category 2 and 3 (GET /info/list of the sandbox seed): id, category, publishedAt. */
const SEED: [number, number, string][] = [
  [11, 3, '2026-02-26 10:00:00'],
  [14, 3, '2026-02-20 09:00:00'],
  [12, 3, '2025-12-02 14:00:00'],
  [7, 2, '2025-10-15 09:00:00'],
  [8, 2, '2025-08-12 14:00:00'],
  [9, 2, '2025-07-08 09:00:00'],
  [13, 3, '2025-05-16 10:00:00'],
  [10, 2, '2025-04-22 10:00:00'],
];

/** Entries as the build stores them, with the neighbours the API answers (newsNeighbours over the list order). */
function seed(): FastEntry<NewsLike>[] {
  const rows = SEED.map(([id, categoryId, publishedAt]) => ({ id, categoryId, publishedAt, title: `新闻 ${id}` }));
  const n = newsNeighbours(rows);
  return rows.map((r) => ({ id: String(r.id), digest: `d${r.id}`, data: { ...r, ...n.get(String(r.id))! } }));
}
const digest = (d: NewsLike) => `new-${d.id}-${d.title}`;

describe('fastChangeOf', () => {
  it('takes article changes and deletions with ids of news, wiki, cases and service articles, and nothing else', () => {
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'news', ids: [3] } } as never)).toEqual({ kind: 'news', ids: [3] });
    expect(fastChangeOf({ type: 'article.deleted', data: { kind: 'news', ids: [3, 4] } } as never)).toEqual({ kind: 'news', ids: [3, 4] });
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'wiki', ids: [3] } } as never)).toEqual({ kind: 'wiki', ids: [3] });
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'case', ids: [5] } } as never)).toEqual({ kind: 'case', ids: [5] });
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'article', ids: [172] } } as never)).toEqual({
      kind: 'article',
      ids: [172],
    });
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'community', ids: [3] } } as never)).toBeNull();
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'wiki', ids: [] } } as never)).toBeNull();
    expect(fastChangeOf({ type: 'navigation.changed', data: {} } as never)).toBeNull();
    expect(fastChangeOf({ type: 'goods.changed', data: { ids: [1] } } as never)).toBeNull();
  });
});

describe('the news order', () => {
  it("is newest first, then the higher id (the list pages' newestFirst)", () => {
    const a = { id: 1, categoryId: 1, title: '', publishedAt: '2026-01-01 10:00:00' };
    expect(newsOrder(a, { ...a, id: 2, publishedAt: '2026-01-02 10:00:00' })).toBeGreaterThan(0);
    expect(newsOrder(a, { ...a, id: 2 })).toBeGreaterThan(0);
    expect(newsOrder({ ...a, id: 3 }, { ...a, id: 2 })).toBeLessThan(0);
  });
  it('puts a store kept in another order back in the list order', () => {
    const shuffled = [...seed()].reverse();
    expect(inNewsOrder(shuffled).map((e) => e.id)).toEqual(SEED.map(([id]) => String(id)));
  });
});

describe('mergeNews and staleNeighbours', () => {
  it('an edited title keeps its place; the neighbours that show the title are stale', () => {
    const list = seed();
    const edited = { ...list[4]!.data, title: '新标题' }; // 8, between 7 and 9 in category 2
    const out = mergeNews(list, new Map([[8, edited]]), digest);
    expect(out.map((e) => e.id)).toEqual(list.map((e) => e.id));
    expect(out[4]!.digest).toBe('new-8-新标题');
    expect(staleNeighbours(out).sort()).toEqual([7, 9]);
  });
  it('a new article goes where its time puts it, and its category neighbours are stale', () => {
    const list = seed();
    const added: NewsLike = {
      id: 20,
      categoryId: 2,
      title: '新文章',
      publishedAt: '2025-09-01 08:00:00',
      prev: { id: 7, title: '新闻 7' },
      next: { id: 8, title: '新闻 8' },
    };
    const out = mergeNews(list, new Map([[20, added]]), digest);
    expect(out.map((e) => e.data.id)).toEqual([11, 14, 12, 7, 20, 8, 9, 13, 10]);
    expect(staleNeighbours(out).sort((a, b) => a - b)).toEqual([7, 8]);
  });
  it('a deleted article leaves the list; its neighbours now point past it', () => {
    const out = mergeNews(seed(), new Map([[8, null]]), digest);
    expect(out.map((e) => e.data.id)).not.toContain(8);
    expect(staleNeighbours(out).sort((a, b) => a - b)).toEqual([7, 9]);
  });
  it('a detail fetched again unchanged keeps its entry and digest', () => {
    const list = seed();
    const out = mergeNews(list, new Map([[9, { ...list[5]!.data }]]), digest);
    expect(out[5]).toBe(list[5]);
    expect(staleNeighbours(out)).toEqual([]);
  });
});

describe('staleNeighboursNear', () => {
  it('finds what staleNeighbours finds, on 200 random edits, additions and deletions of a 300-article list', () => {
    // A deterministic pseudo-random sequence (a linear congruential generator), so a failure can be replayed.
    let seedN = 20261127;
    const rand = (n: number) => (seedN = (seedN * 1103515245 + 12345) % 2 ** 31) % n;
    const day = (d: number) => `2026-${String(1 + (d % 12)).padStart(2, '0')}-${String(1 + (d % 28)).padStart(2, '0')} 09:00:00`;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      categoryId: 1 + rand(3),
      title: `新闻 ${i + 1}`,
      publishedAt: day(rand(400)),
    }));
    const consistent = (list: FastEntry<NewsLike>[]) => {
      const n = newsNeighbours(list.map((e) => e.data));
      return list.map((e) => ({ ...e, data: { ...e.data, ...n.get(e.id)! } }));
    };
    let list = consistent(inNewsOrder(rows.map((r) => ({ id: String(r.id), digest: `d${r.id}`, data: r as NewsLike }))));
    let next = 1000;
    for (let round = 0; round < 200; round++) {
      const fresh = new Map<number, NewsLike | null>();
      for (let k = 0; k <= rand(3); k++) {
        const op = rand(4);
        const e = list[rand(list.length)]!.data;
        if (op === 0) fresh.set(e.id, { ...e, title: `${e.title}改` });
        else if (op === 1) fresh.set(e.id, { ...e, publishedAt: day(rand(400)) });
        else if (op === 2) fresh.set(e.id, null);
        else fresh.set(next, { id: next++, categoryId: 1 + rand(3), title: `新 ${next}`, publishedAt: day(rand(400)) });
      }
      const after = mergeNews(list, fresh, digest);
      expect(
        staleNeighboursNear(list, after, fresh.keys()).sort((a, b) => a - b),
        `round ${round}`,
      ).toEqual(staleNeighbours(after).sort((a, b) => a - b));
      list = consistent(after);
    }
  });
});

describe('affectedPaths', () => {
  const p = (pathname: string, route: string, cacheKey?: string): PathState => ({ pathname, route, cacheKey });
  const before = [
    p('/about/news/8', '/about/news/[id]', 'a'),
    p('/about/news/9', '/about/news/[id]', 'b'),
    p('/about/news/list/2', '/about/news/list/[...path]', 'l'),
    p('/about/news', '/about/news'),
    p('/wiki', '/wiki'),
  ];
  const reads = new Map([
    ['/about/news', new Set(['news', 'chrome'])],
    ['/wiki', new Set(['wiki', 'chrome'])],
  ]);
  it('renders the paths whose cache key changed, the new ones, and the unkeyed pages that read the collection', () => {
    const after = [
      p('/about/news/8', '/about/news/[id]', 'a2'),
      p('/about/news/9', '/about/news/[id]', 'b'),
      p('/about/news/20', '/about/news/[id]', 'n'),
      p('/about/news/list/2', '/about/news/list/[...path]', 'l2'),
      p('/about/news', '/about/news'),
      p('/wiki', '/wiki'),
    ];
    expect(affectedPaths(before, after, new Set(['news']), reads)).toEqual({
      render: ['/about/news/8', '/about/news/20', '/about/news/list/2', '/about/news'],
      remove: [],
    });
  });
  it('removes the paths gone from the site', () => {
    const after = before.filter((x) => x.pathname !== '/about/news/9');
    expect(affectedPaths(before, after, new Set(['news']), reads)).toEqual({ render: ['/about/news'], remove: ['/about/news/9'] });
  });
  it('renders nothing for a collection no page reads', () => {
    expect(affectedPaths(before, before, new Set(['cases']), reads)).toEqual({ render: [], remove: [] });
  });
});

describe('routeReadsChanged', () => {
  // What the routes' getStaticPaths read at the renderer's start (the news detail reads news and chrome; the wiki detail
  // reads wiki, its categories and chrome), as src/pages/about/news/[id].astro and src/pages/gases/details/[id].astro do.
  const reads = new Map([
    ['route:/about/news/[id]', new Set(['news', 'chrome'])],
    ['route:/gases/details/[id]', new Set(['wiki', 'wikiCategories', 'chrome'])],
    ['route:/static/[x]', new Set<string>()],
  ]);
  it('calls again only the routes that read a changed collection', () => {
    expect(routeReadsChanged('/about/news/[id]', new Set(['news']), reads)).toBe(true);
    expect(routeReadsChanged('/gases/details/[id]', new Set(['news']), reads)).toBe(false);
    expect(routeReadsChanged('/static/[x]', new Set(['news']), reads)).toBe(false);
    expect(routeReadsChanged('/gases/details/[id]', new Set(['chrome']), reads)).toBe(true);
  });
  it('calls again a route whose reads are not known', () => {
    expect(routeReadsChanged('/case/details/[id]', new Set(['news']), reads)).toBe(true);
  });
});

describe('mergeInPlace', () => {
  type W = { id: number; title: string };
  const e = (id: number, title: string, digest = `d${id}`): FastEntry<W> => ({ id: String(id), digest, data: { id, title } });
  const list = [e(3, '氮气'), e(1, '氧气'), e(7, '氩气')];
  const dig = (d: W) => `new-${d.id}-${d.title}`;
  it('keeps an edited entry in its place with a new digest, appends a new one, drops one the API no longer has', () => {
    const out = mergeInPlace(
      list,
      new Map<string, W | null>([
        ['1', { id: 1, title: '液氧' }],
        ['9', { id: 9, title: '氦气' }],
        ['7', null],
      ]),
      dig,
    );
    expect(out.map((x) => [x.id, x.digest])).toEqual([
      ['3', 'd3'],
      ['1', 'new-1-液氧'],
      ['9', 'new-9-氦气'],
    ]);
  });
  it('keeps the digest of an entry fetched again unchanged', () => {
    expect(mergeInPlace(list, new Map([['3', { id: 3, title: '氮气' }]]), dig)).toEqual(list);
  });
  it("gives the order the content store gives the next full build (syncEntries over the API's new answer)", () => {
    // The store as the last build left it, then the loader's sync with the API's answer after the same edits.
    const store = new Map(list.map((x) => [x.id, { id: x.id, data: x.data as unknown as Record<string, unknown>, digest: x.digest }]));
    const ctx = {
      store: {
        get: (k: string) => store.get(k),
        set: (v: { id: string; data: Record<string, unknown>; digest?: string }) => void store.set(v.id, { ...v, digest: v.digest ?? '' }),
        keys: () => [...store.keys()],
        delete: (k: string) => void store.delete(k),
      },
      generateDigest: (d: unknown) => dig(d as W),
    };
    const api: W[] = [
      { id: 9, title: '氦气' },
      { id: 3, title: '氮气' },
      { id: 1, title: '液氧' },
    ];
    syncEntries(ctx as never, api, (w) => String(w.id));
    const fast = mergeInPlace(
      list,
      new Map<string, W | null>([
        ['1', { id: 1, title: '液氧' }],
        ['9', { id: 9, title: '氦气' }],
        ['7', null],
      ]),
      dig,
    );
    expect(fast.map((x) => x.id)).toEqual([...store.keys()]);
  });
});
