/** What each publish event does to the site: the cache tags a goods or category change purges, or a rebuild of the pre-rendered pages. */
import { CATALOG_TAG, LIST_TAG, categoryTag, goodsTag } from '#src/features/catalog/cache.ts';
import { needsRebuild, type PublishEvent } from './webhook.ts';
import { SITE_STATUS_KEYS, statusOfEvent, type SiteStatus } from '#src/features/shell/status.ts';

/** `site`: the site opened or closed; the server applies the status at once (no pre-rendered page shows it, so no rebuild). */
export type Effect = { kind: 'rebuild' } | { kind: 'purge'; tags: string[] } | { kind: 'site'; status: SiteStatus };

/**
 * Goods and categories live on on-demand pages, cached by tag: purge the goods' pages and every list (lists and shop pages
 * carry the list tag; a price or a delisting moves them). Articles, navigation and site data are in pre-rendered pages.
 */
export function effectOf(event: PublishEvent): Effect {
  if (event.type === 'site.changed') {
    // Only the open/closed status: applied, not built. With other site data as well, a rebuild (the endpoint applies the status too).
    const status = statusOfEvent(event.data);
    const onlyStatus = Object.keys(event.data).every((k) => (SITE_STATUS_KEYS as readonly string[]).includes(k));
    if (status && onlyStatus) return { kind: 'site', status };
  }
  if (needsRebuild(event.type)) return { kind: 'rebuild' };
  switch (event.type) {
    case 'goods.changed':
    case 'goods.delisted':
      return { kind: 'purge', tags: [...event.data.ids.map(goodsTag), LIST_TAG] };
    case 'category.changed':
      return { kind: 'purge', tags: event.data.ids ? [...event.data.ids.map(categoryTag), LIST_TAG] : [CATALOG_TAG] };
    default:
      return { kind: 'rebuild' };
  }
}

/** Tags purged after a new deploy on a CDN: a deploy does not clear tagged on-demand responses, which show the old menus. */
export const AFTER_DEPLOY_TAGS = [CATALOG_TAG];

/** The editors' view of publishing (GET /api/publish/status). */
export interface PublishStatus {
  state: 'idle' | 'waiting' | 'building' | 'failed';
  /** Webhook ids of accepted rebuild events not yet in a live release. */
  pending: string[];
  /** Builds started since the server started. */
  builds: number;
  lastSuccess: { at: string; release: string; events: string[]; seconds: number } | null;
  lastFailure: { at: string; message: string } | null;
  /**
   * The fast path (Node server, unless PUBLISH_FAST=0): its renderer's state, the last fast publish (release, seconds from the
   * event to the switch, pages written and removed) and its last failure.
   */
  fast?: {
    state: 'off' | 'starting' | 'ready' | 'publishing';
    last: { at: string; release: string; seconds: number; pages: number; removed: number } | null;
    lastFailure: { at: string; message: string } | null;
  };
}

/** What the webhook endpoint hands an accepted event to: the Node server's publisher, or the Netlify one. */
export interface PublishSink {
  /**
   * Records the event once per id; 'duplicate' when the id was accepted in the last 24 hours (nothing is queued then).
   * `effect` is the one the endpoint already computed (`effectOf`), handed on so the rule is applied once per event.
   */
  accept(id: string, event: PublishEvent, atMs: number, effect?: Effect): 'accepted' | 'duplicate' | Promise<'accepted' | 'duplicate'>;
  status(): PublishStatus | Promise<PublishStatus>;
}

/** The Node server (server/serve.ts) registers its publisher here; each release's endpoint finds it in the same process. */
const KEY = Symbol.for('gas-storefront.publish-sink');

export function registerSink(sink: PublishSink | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = sink;
}

export function registeredSink(): PublishSink | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as PublishSink | undefined;
}
