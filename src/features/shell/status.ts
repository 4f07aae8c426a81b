/**
 * Whether the site is open (docs/product.md §4: siteon 0 closes every route). The back office's signed `site.changed` webhook
 * says when it opens or closes and is applied at once (docs/publishing.md "Site status"); between events the API is asked at
 * most once per TTL, and an answer that cannot be had keeps the last known status.
 */
import type { Api } from '#src/shared/api/client.ts';
import { site, type Site } from '#src/shared/api/contract/site.ts';

export interface SiteStatus {
  open: boolean;
  reason: string;
}

/** Shown when the site is closed without a reason (docs/product.md §2). */
export const SITE_CLOSED_TEXT = '站点已关闭';

export function statusOf(s: Pick<Site, 'siteon' | 'close_reson'>): SiteStatus {
  return s.siteon === 0 ? { open: false, reason: s.close_reson.trim() || SITE_CLOSED_TEXT } : { open: true, reason: '' };
}

/** Where the memo's status came from: the API, the webhook, or nothing yet (then the site counts as open). */
export type StatusSource = 'api' | 'event' | 'none';

export interface SiteStatusChecker {
  (): Promise<SiteStatus>;
  /** Sets the status now (a `site.changed` event): requests from here on see it; an API answer already on its way is dropped. */
  set(status: SiteStatus): void;
  /** The status held, when it was set (ms) and from where; whether the last API call failed (for /healthz). */
  known(): { status: SiteStatus; at: number; source: StatusSource; lastCallFailed: boolean };
}

const OPEN: SiteStatus = { open: true, reason: '' };

/**
 * A memo of the site status. The API is asked when the status is older than `ttlMs`; concurrent requests share one call. When
 * the call fails (API down, slow past its timeout, an answer the contract rejects), the last known status stays, for another
 * TTL: a closed site stays closed through an outage instead of opening (until 27 Nov 2026 it counted as open then). Before
 * anything is known the site counts as open, so pages show their own outage errors.
 */
export function siteStatusChecker(api: Api, ttlMs: number, now: () => number = Date.now): SiteStatusChecker {
  let status: SiteStatus = OPEN;
  let at = -Infinity;
  let source: StatusSource = 'none';
  let lastCallFailed = false;
  let pending: Promise<SiteStatus> | null = null;
  /** Bumped by set(): an API answer asked for before an event is older than the event, so it is not kept. */
  let generation = 0;
  const check = (async (): Promise<SiteStatus> => {
    if (now() - at < ttlMs) return status;
    if (!pending) {
      const asked = generation;
      pending = api
        .call(site.info)
        .then(
          (s) => {
            lastCallFailed = false;
            if (asked === generation) {
              status = statusOf(s);
              source = 'api';
            }
          },
          () => {
            lastCallFailed = true;
          },
        )
        .then(() => {
          // Asked again after a TTL, success or not (a failing API is not asked by every request).
          if (asked === generation) at = now();
          pending = null;
          return status;
        });
    }
    return pending;
  }) as SiteStatusChecker;
  check.set = (next) => {
    generation++;
    status = { open: next.open, reason: next.open ? '' : next.reason.trim() || SITE_CLOSED_TEXT };
    at = now();
    source = 'event';
    pending = null;
  };
  check.known = () => ({ status, at, source, lastCallFailed });
  return check;
}

/**
 * The process's one memo: server/serve.ts makes it first, and each release's server module (src/features/shell/status.server.ts),
 * loaded into the same process, finds it here, so an event applied by any release's webhook endpoint reaches the static
 * pages' check in serve.ts and every release's middleware alike. Where nothing made one first (Netlify, dev), `create` does.
 */
const KEY = Symbol.for('gas-storefront.site-status');

export function sharedSiteStatus(create: () => SiteStatusChecker): SiteStatusChecker {
  const g = globalThis as Record<symbol, unknown>;
  return (g[KEY] ??= create()) as SiteStatusChecker;
}

/**
 * The status a `site.changed` event carries, or null when it carries none (a change of other site data: a rebuild). The back
 * office sends either `{ open, reason? }` or the site-status call's own fields `{ siteon, close_reson? }`.
 */
export function statusOfEvent(data: Record<string, unknown>): SiteStatus | null {
  const reason = typeof data.reason === 'string' ? data.reason : typeof data.close_reson === 'string' ? data.close_reson : '';
  if (typeof data.open === 'boolean') return data.open ? OPEN : { open: false, reason: reason.trim() || SITE_CLOSED_TEXT };
  if (data.siteon === 0 || data.siteon === 1) return statusOf({ siteon: data.siteon, close_reson: reason });
  return null;
}

/** The keys of a `site.changed` event that only open or close the site (no pre-rendered page shows them: no rebuild). */
export const SITE_STATUS_KEYS = ['open', 'reason', 'siteon', 'close_reson'] as const;

/** Requests that are never replaced by the closed page: assets, the API proxy and the error pages themselves. */
export function bypassesClosedCheck(pathname: string): boolean {
  return (
    /^\/(_astro|images|pagefind|api|_server-islands)\//.test(pathname) ||
    /^\/(503|500|404|error|healthz)\/?$/.test(pathname) ||
    /\.[a-z0-9]{2,5}$/i.test(pathname)
  );
}
