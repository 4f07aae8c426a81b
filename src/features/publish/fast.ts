/**
 * The rules of the fast publish path (docs/publishing.md "The fast path"): which content an article event changes, and which
 * pre-rendered pages that touches. Pure functions; the warm renderer (server/publish/warm-renderer.ts) applies them.
 */
import { newsNeighbours } from '#src/features/articles/neighbours.ts';
import type { PublishEvent } from './webhook.ts';

/** An entry as the content layer stores it (src/content/entries.ts). */
export interface FastEntry<T> {
  id: string;
  digest: string;
  data: T;
}

/**
 * The article kinds the fast path renders (every kind of the article hook but community posts, whose pages are rendered on
 * request): news, gas encyclopedia entries, application cases, and service and policy articles. The others wait for the
 * (coalesced) full build.
 */
export const FAST_KINDS = ['news', 'wiki', 'case', 'article'] as const;
export type FastKind = (typeof FAST_KINDS)[number];

/** The build-time collection (src/content.config.ts) each kind's details are stored in. */
export const FAST_COLLECTION = { news: 'news', wiki: 'wiki', case: 'cases', article: 'articles' } as const satisfies Record<
  FastKind,
  string
>;

/** What the fast path does with an event: the news ids to fetch again, or nothing (the full build takes it). */
export function fastChangeOf(event: PublishEvent): { kind: FastKind; ids: number[] } | null {
  if (event.type !== 'article.changed' && event.type !== 'article.deleted') return null;
  const data = event.data as { kind?: string; ids?: number[] };
  if (!data.ids?.length || !(FAST_KINDS as readonly string[]).includes(data.kind ?? '')) return null;
  return { kind: data.kind as FastKind, ids: data.ids };
}

/** The fields of a news detail the list order and the neighbours depend on. */
export interface NewsLike {
  id: number;
  categoryId: number;
  title: string;
  publishedAt: string;
  prev?: { id: number; title: string } | null;
  next?: { id: number; title: string } | null;
}

/**
 * The order of news on the site's lists and for 上一篇/下一篇: newest first, then the higher id (`newestFirst` of
 * src/features/knowledge/lists.ts, which the list pages sort by; GET /info/list answers in the same order).
 */
export function newsOrder(a: NewsLike, b: NewsLike): number {
  return b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id;
}

/** The collection as the content layer stored it, in the list order (the store keeps unchanged entries where they were). */
export function inNewsOrder<T extends NewsLike>(list: readonly FastEntry<T>[]): FastEntry<T>[] {
  return [...list].sort((a, b) => newsOrder(a.data, b.data));
}

/**
 * The news collection after some details were fetched again: `fresh` maps an id to its new detail, or null when the API no
 * longer has it (deleted or unpublished). Changed entries keep their place when their order key did not move; new or moved
 * ones go where the API's order puts them.
 */
export function mergeNews<T extends NewsLike>(
  list: readonly FastEntry<T>[],
  fresh: ReadonlyMap<number, T | null>,
  digest: (data: T) => string,
): FastEntry<T>[] {
  const kept = list.filter((e) => !fresh.has(Number(e.id)));
  // Looked up for the few fresh entries only: no map of all 50,000 entries per edit.
  const before = { get: (id: string) => list.find((e) => e.id === id) };
  // An entry fetched again but equal to the stored one keeps its digest, so the pages keyed on it are not rendered again.
  const added = [...fresh.values()]
    .filter((d): d is T => d !== null)
    .map((d) => {
      const old = before.get(String(d.id));
      return old && JSON.stringify(old.data) === JSON.stringify(d) ? old : { id: String(d.id), digest: digest(d), data: d };
    });
  // The list is already in order: each changed entry is put in by binary search (no full sort of 50,000 entries).
  const out = kept.slice();
  for (const e of added) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newsOrder(out[mid]!.data, e.data) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, e);
  }
  return out;
}

/**
 * A collection after some details were fetched again, as the content layer's store keeps it (src/features/articles/loader.ts
 * `syncEntries`): an edited entry keeps its place, a new one goes last, one the API no longer has (null) is dropped. The
 * next full build stores the same order, so the pages the fast path writes are the ones it writes. An entry fetched again
 * but equal to the stored one keeps its digest. For wiki entries, cases and service articles, whose details show nothing of
 * the other entries (news has its neighbours: `mergeNews`).
 */
export function mergeInPlace<T>(
  list: readonly FastEntry<T>[],
  fresh: ReadonlyMap<string, T | null>,
  digest: (data: T) => string,
): FastEntry<T>[] {
  const entryOf = (id: string, d: T, old?: FastEntry<T>): FastEntry<T> =>
    old && JSON.stringify(old.data) === JSON.stringify(d) ? old : { id, digest: digest(d), data: d };
  const out: FastEntry<T>[] = [];
  for (const e of list) {
    if (!fresh.has(e.id)) out.push(e);
    else {
      const d = fresh.get(e.id);
      if (d !== null && d !== undefined) out.push(entryOf(e.id, d, e));
    }
  }
  const known = new Set(list.map((e) => e.id));
  for (const [id, d] of fresh) if (d !== null && !known.has(id)) out.push(entryOf(id, d));
  return out;
}

/** Ids of the entries whose stored 上一篇/下一篇 differ from what the list order now gives (their details must be fetched again). */
export function staleNeighbours<T extends NewsLike>(list: readonly FastEntry<T>[]): number[] {
  const now = newsNeighbours(list.map((e) => e.data));
  const same = (a: { id: number; title: string } | null | undefined, b: { id: number; title: string } | null) =>
    (a ?? null) === null ? b === null : b !== null && a!.id === b.id && a!.title === b.title;
  return list
    .filter((e) => {
      const n = now.get(e.id);
      return n !== undefined && (!same(e.data.prev, n.prev) || !same(e.data.next, n.next));
    })
    .map((e) => e.data.id);
}

/**
 * `staleNeighbours` for the entries near `ids` only, which is where neighbours can change: the changed entries themselves,
 * their old 上一篇/下一篇 (`before`), and their category neighbours in the new list (`after`). The same answer as
 * `staleNeighbours(after)` when `before` was consistent (the unit test checks it on random edits), without building the
 * neighbours of all 50,000 entries on every edit.
 */
export function staleNeighboursNear<T extends NewsLike>(
  before: readonly FastEntry<T>[],
  after: readonly FastEntry<T>[],
  ids: Iterable<number>,
): number[] {
  const at = (list: readonly FastEntry<T>[], id: number) => list.findIndex((e) => e.data.id === id);
  /** The nearest entries of the same category before and after position `i` (what newsNeighbours gives). */
  const around = (list: readonly FastEntry<T>[], i: number): [T | null, T | null] => {
    const cat = list[i]!.data.categoryId;
    let p = i - 1;
    while (p >= 0 && list[p]!.data.categoryId !== cat) p--;
    let n = i + 1;
    while (n < list.length && list[n]!.data.categoryId !== cat) n++;
    return [p >= 0 ? list[p]!.data : null, n < list.length ? list[n]!.data : null];
  };
  const candidates = new Set<number>();
  for (const id of ids) {
    const o = at(before, id);
    if (o >= 0) {
      for (const x of [before[o]!.data.prev, before[o]!.data.next, ...around(before, o)]) if (x) candidates.add(x.id);
    }
    const i = at(after, id);
    if (i >= 0) {
      candidates.add(id);
      for (const x of around(after, i)) if (x) candidates.add(x.id);
    }
  }
  const same = (a: { id: number; title: string } | null | undefined, b: T | null) =>
    (a ?? null) === null ? b === null : b !== null && a!.id === b.id && a!.title === b.title;
  const out: number[] = [];
  for (const c of candidates) {
    const i = at(after, c);
    if (i < 0) continue;
    const [p, n] = around(after, i);
    if (!same(after[i]!.data.prev, p) || !same(after[i]!.data.next, n)) out.push(c);
  }
  return out;
}

/** A pre-rendered path as the build knows it: its route, and its cache key (the digests of what it shows) when it has one. */
export interface PathState {
  pathname: string;
  route: string;
  cacheKey?: string;
}

/**
 * Whether a route's `getStaticPaths` must be called again after `changed` collections changed: when what it read at the
 * renderer's start (`reads`, keyed `route:<route>`) includes one of them, or when that is not known. The others keep their
 * paths and cache keys, so an edit's cost grows with the routes of its collection, not with the whole site.
 */
export function routeReadsChanged(route: string, changed: ReadonlySet<string>, reads: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const read = reads.get(`route:${route}`);
  return read === undefined || [...read].some((c) => changed.has(c));
}

/**
 * The pages to render again and the pages to remove, between two states of the site's paths: a path is rendered when it is
 * new, when its cache key changed, or when it has no cache key and what it shows (`reads`: the collections its route read)
 * includes a changed collection; a path gone from the site is removed.
 */
export function affectedPaths(
  before: readonly PathState[],
  after: readonly PathState[],
  changed: ReadonlySet<string>,
  reads: ReadonlyMap<string, ReadonlySet<string>>,
): { render: string[]; remove: string[] } {
  const old = new Map(before.map((p) => [p.pathname, p]));
  const now = new Set(after.map((p) => p.pathname));
  const render: string[] = [];
  for (const p of after) {
    const was = old.get(p.pathname);
    if (!was) render.push(p.pathname);
    else if (p.cacheKey !== undefined || was.cacheKey !== undefined) {
      if (p.cacheKey !== was.cacheKey) render.push(p.pathname);
    } else if ([...(reads.get(p.pathname) ?? reads.get(`route:${p.route}`) ?? [])].some((c) => changed.has(c))) render.push(p.pathname);
  }
  const remove = before.filter((p) => !now.has(p.pathname)).map((p) => p.pathname);
  return { render, remove };
}
