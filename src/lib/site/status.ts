/** Whether the site is open (docs/product.md §4: siteon 0 closes every route), asked of the API at most once per TTL. */
import type { Api } from '../api/client.ts';
import { site, type Site } from '../api/contract/site.ts';

export interface SiteStatus {
  open: boolean;
  reason: string;
}

/** Shown when the site is closed without a reason (docs/product.md §2). */
export const SITE_CLOSED_TEXT = '站点已关闭';

export function statusOf(s: Pick<Site, 'siteon' | 'close_reson'>): SiteStatus {
  return s.siteon === 0 ? { open: false, reason: s.close_reson.trim() || SITE_CLOSED_TEXT } : { open: true, reason: '' };
}

/** A cached checker; when the API cannot be asked, the site counts as open (pages then show their own outage errors). */
export function siteStatusChecker(api: Api, ttlMs: number, now: () => number = Date.now) {
  let cached: { at: number; status: SiteStatus } | null = null;
  let pending: Promise<SiteStatus> | null = null;
  return async function check(): Promise<SiteStatus> {
    if (cached && now() - cached.at < ttlMs) return cached.status;
    pending ??= api
      .call(site.info)
      .then((s) => statusOf(s))
      .catch(() => ({ open: true, reason: '' }))
      .then((status) => {
        cached = { at: now(), status };
        pending = null;
        return status;
      });
    return pending;
  };
}

/** Requests that are never replaced by the closed page: assets, the API proxy and the error pages themselves. */
export function bypassesClosedCheck(pathname: string): boolean {
  return /^\/(_astro|images|pagefind|api|_server-islands)\//.test(pathname) || /^\/(503|500|404|error)\/?$/.test(pathname) || /\.[a-z0-9]{2,5}$/i.test(pathname);
}
