// The fast path's rules: which events it takes, the news order and neighbours after an edit (figures from the sandbox's
// seed news: ids, categories and times of GET /info/list), and which pages an edit touches.
import { describe, expect, it } from 'vitest';
import { newsNeighbours } from '../../../../../src/lib/content/neighbours.ts';
import { affectedPaths, fastChangeOf, inNewsOrder, mergeNews, newsOrder, staleNeighbours, type FastEntry, type NewsLike, type PathState } from '../../../../../src/lib/publish/fast.ts';

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
  it('takes news changes and deletions with ids, and nothing else', () => {
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'news', ids: [3] } } as never)).toEqual({ kind: 'news', ids: [3] });
    expect(fastChangeOf({ type: 'article.deleted', data: { kind: 'news', ids: [3, 4] } } as never)).toEqual({ kind: 'news', ids: [3, 4] });
    expect(fastChangeOf({ type: 'article.changed', data: { kind: 'wiki', ids: [3] } } as never)).toBeNull();
    expect(fastChangeOf({ type: 'navigation.changed', data: {} } as never)).toBeNull();
    expect(fastChangeOf({ type: 'goods.changed', data: { ids: [1] } } as never)).toBeNull();
  });
});

describe('the news order', () => {
  it('is newest first, then the higher id (the list pages\' newestFirst)', () => {
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
    const added: NewsLike = { id: 20, categoryId: 2, title: '新文章', publishedAt: '2025-09-01 08:00:00', prev: { id: 7, title: '新闻 7' }, next: { id: 8, title: '新闻 8' } };
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

describe('affectedPaths', () => {
  const p = (pathname: string, route: string, cacheKey?: string): PathState => ({ pathname, route, cacheKey });
  const before = [p('/about/news/8', '/about/news/[id]', 'a'), p('/about/news/9', '/about/news/[id]', 'b'), p('/about/news/list/2', '/about/news/list/[...path]', 'l'), p('/about/news', '/about/news'), p('/wiki', '/wiki')];
  const reads = new Map([
    ['/about/news', new Set(['news', 'chrome'])],
    ['/wiki', new Set(['wiki', 'chrome'])],
  ]);
  it('renders the paths whose cache key changed, the new ones, and the unkeyed pages that read the collection', () => {
    const after = [p('/about/news/8', '/about/news/[id]', 'a2'), p('/about/news/9', '/about/news/[id]', 'b'), p('/about/news/20', '/about/news/[id]', 'n'), p('/about/news/list/2', '/about/news/list/[...path]', 'l2'), p('/about/news', '/about/news'), p('/wiki', '/wiki')];
    expect(affectedPaths(before, after, new Set(['news']), reads)).toEqual({ render: ['/about/news/8', '/about/news/20', '/about/news/list/2', '/about/news'], remove: [] });
  });
  it('removes the paths gone from the site', () => {
    const after = before.filter((x) => x.pathname !== '/about/news/9');
    expect(affectedPaths(before, after, new Set(['news']), reads)).toEqual({ render: ['/about/news'], remove: ['/about/news/9'] });
  });
  it('renders nothing for a collection no page reads', () => {
    expect(affectedPaths(before, before, new Set(['cases']), reads)).toEqual({ render: [], remove: [] });
  });
});
