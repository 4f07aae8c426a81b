/** Typed reads of the build-time collections (src/content.config.ts) for pre-rendered pages, and the cache keys of their paths. */
import { getCollection, getEntry } from 'astro:content';
import type { Protocol, PrivacyItem } from '#src/shared/api/contract/auth.ts';
import type {
  Article,
  CaseCategory,
  CaseDetail,
  CategoryArticle,
  InfoCategory,
  NewsDetail,
  PostSummary,
  WikiCategory,
  WikiDetail,
} from '#src/shared/api/contract/content.ts';
import type { Chrome } from '#src/shared/site/chrome.ts';
import type { FactoryCity } from '#src/shared/api/contract/common.ts';

/** An entry as the loader stored it: the contract-checked data and its digest. */
export interface Entry<T> {
  id: string;
  digest: string;
  data: T;
}

interface CollectionData {
  chrome: Chrome;
  wikiCategories: WikiCategory;
  wiki: WikiDetail;
  caseSectors: CaseCategory;
  caseSectorArticles: CategoryArticle;
  cases: CaseDetail;
  newsCategories: InfoCategory;
  news: NewsDetail;
  articles: Article;
  protocols: Protocol;
  privacyTexts: PrivacyItem;
  communityLatest: PostSummary;
  factoryCities: FactoryCity;
}
export type CollectionName = keyof CollectionData;

type Stored = { id: string; digest?: string; data: unknown };
const typed = <K extends CollectionName>(e: Stored): Entry<CollectionData[K]> => ({
  id: e.id,
  digest: e.digest ?? '',
  data: e.data as CollectionData[K],
});

/**
 * The fast publish path (docs/publishing.md, server/publish/warm-renderer.ts) keeps the build's pre-rendering loaded and
 * renders the pages one edit touches with fresh entries. It reaches the build's content through this hook, which exists only
 * in the pre-rendering bundle's process: `read` gives a collection as the build stored it, `override` replaces a collection
 * with the renderer's newer copy (in the API's order), and `reads` records which collections a render asked for (so the
 * renderer knows which pages without a cache key show a collection). A normal build never sets an override.
 */
export interface ContentHook {
  read: (name: CollectionName) => Promise<Entry<unknown>[]>;
  override: Map<CollectionName, Entry<unknown>[]>;
  reads: Set<CollectionName> | null;
}
const HOOK = Symbol.for('gas-storefront.content-hook');
const hook: ContentHook = ((globalThis as Record<symbol, ContentHook | undefined>)[HOOK] ??= {
  read: async (name) => ((await getCollection(name)) as Stored[]).map((e) => typed(e)),
  override: new Map(),
  reads: null,
});

/** Every entry of a collection, in the API's order. */
export async function entries<K extends CollectionName>(name: K): Promise<Entry<CollectionData[K]>[]> {
  hook.reads?.add(name);
  const newer = hook.override.get(name);
  if (newer) return newer as Entry<CollectionData[K]>[];
  const all = (await getCollection(name)) as Stored[];
  return all.map((e) => typed<K>(e));
}

/** One entry, or undefined when the id is unknown. */
export async function entry<K extends CollectionName>(name: K, id: string | number): Promise<Entry<CollectionData[K]> | undefined> {
  hook.reads?.add(name);
  const newer = hook.override.get(name);
  if (newer) return newer.find((e) => e.id === String(id)) as Entry<CollectionData[K]> | undefined;
  const e = (await getEntry(name, String(id))) as Stored | undefined;
  return e ? typed<K>(e) : undefined;
}

/** The chrome (site data, menus) of pre-rendered pages, loaded once per build. */
export async function buildChrome(): Promise<Entry<Chrome>> {
  const e = await entry('chrome', 'chrome');
  if (!e) throw new Error('内容集合 chrome 为空：GET /site 未返回数据');
  return e;
}

/** A page's incremental-build key: the digests of everything it shows (its entries and the chrome). */
export function cacheKeyOf(...digests: readonly string[]): string {
  return digests.join(':');
}
