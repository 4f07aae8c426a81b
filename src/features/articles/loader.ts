/** The one build-time loader of API content: fetch every entry through the contract, keep a digest per entry, fail the build naming the endpoint. */
import type { Loader, LoaderContext } from 'astro/loaders';
import type { Api } from '#src/shared/api/client.ts';

export interface ApiCollectionOptions<T> {
  /** The endpoint paths the entries come from, named in the build error when they fail (e.g. 'GET /wiki/list, /wiki/detail/{id}'). */
  source: string;
  /** Every entry of the collection, already checked by the contract schemas (api.call parses each answer). */
  fetchAll: (api: Api) => Promise<T[]>;
  /** The entry's id in the collection (its path segment, usually the numeric id). */
  id: (entry: T) => string;
  /** Load nothing and keep the store as it is (`astro check`, which only needs the collections to exist). */
  skip?: boolean;
}

/** How a loader run went: entries seen, written because new or changed, dropped because gone. */
export interface LoadStats {
  total: number;
  changed: number;
  removed: number;
}

/** Raised when the API is down or answers a wrong shape; the message names the collection and the endpoint. */
export class ContentSourceError extends Error {
  constructor(collection: string, source: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`内容集合 ${collection}: ${source} 不可用或返回格式错误 (${why})`, { cause });
    this.name = 'ContentSourceError';
  }
}

/**
 * Writes entries whose digest changed and drops those gone; an unchanged entry keeps its digest, so pages keyed on it
 * (getStaticPaths `cacheKey`) are not rendered again by the incremental build.
 */
export function syncEntries<T>(
  ctx: Pick<LoaderContext, 'store' | 'generateDigest'>,
  entries: readonly T[],
  id: (entry: T) => string,
  /** Ids still in the collection whose stored entry stays as it is (not fetched again). */
  kept: ReadonlySet<string> = new Set(),
): LoadStats {
  const seen = new Set<string>(kept);
  let changed = 0;
  for (const entry of entries) {
    const key = id(entry);
    seen.add(key);
    const data = entry as Record<string, unknown>;
    const digest = ctx.generateDigest(data);
    if (ctx.store.get(key)?.digest === digest) continue;
    ctx.store.set({ id: key, data, digest });
    changed++;
  }
  let removed = 0;
  for (const key of ctx.store.keys()) {
    if (seen.has(key)) continue;
    ctx.store.delete(key);
    removed++;
  }
  return { total: seen.size, changed, removed };
}

/** A content-layer loader over the API; `api` is passed in so the loader stays free of astro:env. */
export function apiCollection<T>(api: Api, options: ApiCollectionOptions<T>): Loader {
  return {
    name: 'api-collection',
    load: async (ctx) => {
      if (options.skip) return ctx.logger.info(`${options.source}: not loaded (type check only)`);
      const started = performance.now();
      let entries: T[];
      try {
        entries = await options.fetchAll(api);
      } catch (e) {
        throw new ContentSourceError(ctx.collection, options.source, e);
      }
      const stats = syncEntries(ctx, entries, options.id);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.logger.info(
        `${stats.total} entries from ${options.source}: ${stats.changed} new or changed, ${stats.removed} removed (${seconds} s)`,
      );
    },
  };
}

export interface ListDetailOptions<S, D> {
  /** The endpoint paths, named in the build error when they fail. */
  source: string;
  /** Every row of the list (summaries, contract-checked). */
  list: (api: Api) => Promise<S[]>;
  /** One row's detail (contract-checked). */
  detail: (api: Api, row: S) => Promise<D>;
  /** The row's id, equal to its detail's id in the collection. */
  id: (row: S) => string;
  /**
   * What a detail shows from other rows (e.g. its 上一篇/下一篇 titles), per id: part of the row's freshness, so a new
   * neighbour fetches the detail again.
   */
  context?: (rows: readonly S[]) => ReadonlyMap<string, unknown>;
  skip?: boolean;
}

/** Meta-store key of the rows' freshness digests from the last load. */
const FRESHNESS = 'row-digests';

/**
 * A list + detail collection that fetches a detail only when its list row (with its `context`) changed since the last
 * build, or its entry is missing: an unchanged rebuild of 10,000 articles asks for the list pages, not 10,000 details.
 * The row must move when the detail does (e.g. an `updatedAt`), which the contract's list rows provide.
 */
export function listDetailCollection<S, D>(api: Api, options: ListDetailOptions<S, D>): Loader {
  return {
    name: 'api-list-detail',
    load: async (ctx) => {
      if (options.skip) return ctx.logger.info(`${options.source}: not loaded (type check only)`);
      const started = performance.now();
      let known: Record<string, string> = {};
      try {
        known = JSON.parse(ctx.meta.get(FRESHNESS) ?? '{}') as Record<string, string>;
      } catch {
        // A damaged meta store only costs a full fetch.
      }
      try {
        const rows = await options.list(api);
        const contexts = options.context?.(rows);
        const fresh: Record<string, string> = {};
        const stale: S[] = [];
        const kept = new Set<string>();
        for (const row of rows) {
          const key = options.id(row);
          fresh[key] = ctx.generateDigest({
            row: row as Record<string, unknown>,
            context: (contexts?.get(key) ?? null) as Record<string, unknown> | null,
          });
          if (known[key] === fresh[key] && ctx.store.has(key)) kept.add(key);
          else stale.push(row);
        }
        const details = await mapLimit(stale, DETAILS_IN_FLIGHT, (row) => options.detail(api, row));
        const stats = syncEntries(ctx, details, (d) => options.id(d as unknown as S), kept);
        ctx.meta.set(FRESHNESS, JSON.stringify(fresh));
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        ctx.logger.info(
          `${stats.total} entries from ${options.source}: ${stale.length} details fetched, ${stats.changed} new or changed, ${stats.removed} removed (${seconds} s)`,
        );
      } catch (e) {
        throw new ContentSourceError(ctx.collection, options.source, e);
      }
    },
  };
}

/** Detail calls in flight at once while loading thousands of articles. */
export const DETAILS_IN_FLIGHT = 16;

/** Every item of a paged list endpoint, `size` at a time. */
export async function allPages<T>(fetchPage: (pageNumber: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const all: T[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage(pageNumber);
    all.push(...page.list);
    if (all.length >= page.total || page.list.length === 0) return all;
  }
}

/** Maps over items with at most `limit` calls in flight (detail fetches of thousands of articles). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
