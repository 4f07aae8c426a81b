/** Loads what every member page needs (the member, order counts, unread messages, chrome) beside the page's own data, and sorts failures: visitor, outage, not found. */
import type { Api } from '#src/shared/api/client.ts';
import { auth, type User } from '#src/shared/api/contract/auth.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { order, type OrderCounts } from '#src/shared/api/contract/order.ts';
import { site, type ViewControl } from '#src/shared/api/contract/site.ts';
import { ApiError, isOutage } from '#src/shared/api/errors.ts';
import { cachedChrome } from '#src/shared/site/chrome.server.ts';
import { apiFor } from '#src/shared/api/server.ts';
import type { Chrome } from '#src/shared/site/chrome.ts';
import { featureShown } from '#src/shared/view-control.ts';

export interface MemberShell {
  user: User;
  counts: OrderCounts;
  unread: number;
  /** View control, for the menu and the gas features' gates; empty when the call fails (every gated feature hidden). */
  views: ViewControl[];
  /** Buying on credit (credit_part): why ordering on account is held (a bill overdue), shown on every member page; null when not. */
  creditHold: string | null;
}

export type MemberPage<T> =
  | { kind: 'visitor'; chrome: Chrome | null }
  | { kind: 'outage' }
  | { kind: 'not-found'; chrome: Chrome; shell: MemberShell }
  | { kind: 'ok'; chrome: Chrome; shell: MemberShell; data: T };

/** `token` null is a visitor: nothing is fetched for them but the chrome. An expired session (status 401) is treated as a visitor too. */
export async function loadMemberPage<T>(token: string | null, load: (api: Api) => Promise<T>): Promise<MemberPage<T>> {
  if (!token) return { kind: 'visitor', chrome: await cachedChrome().catch(() => null) };
  const api = apiFor(token);
  const shell = Promise.all([
    api.call(auth.userInfo),
    api.call(order.counts),
    // docs/product.md §8: unread errors are ignored.
    api.call(auth.unread).then(
      (u) => u.total,
      () => 0,
    ),
    api.call(site.viewControl).catch((): ViewControl[] => []),
    // A backend without credit terms answers 404 or null: no banner.
    api.call(credit.account).then(
      (a) => a?.hold?.reason ?? null,
      () => null,
    ),
  ]).then(
    ([user, counts, unread, views, hold]): MemberShell => ({
      user,
      counts,
      unread,
      views,
      creditHold: featureShown(views, 'credit_part') ? hold : null,
    }),
  );
  const data = load(api).then(
    (d) => ({ found: true as const, d }),
    (e: unknown) => {
      if (e instanceof ApiError && e.kind === 'business' && e.status === 404) return { found: false as const };
      throw e;
    },
  );
  try {
    const [chrome, s, d] = await Promise.all([cachedChrome(), shell, data]);
    return d.found ? { kind: 'ok', chrome, shell: s, data: d.d } : { kind: 'not-found', chrome, shell: s };
  } catch (e) {
    if (e instanceof ApiError && e.expired) return { kind: 'visitor', chrome: await cachedChrome().catch(() => null) };
    if (isOutage(e)) return { kind: 'outage' };
    throw e;
  }
}

/** The page as shown: an ok page without its thing (`data` null, e.g. an order number that matched nothing) is the not-found page. */
export function shownPage<T>(page: MemberPage<T | null>): MemberPage<T> {
  return page.kind === 'ok' && !page.data ? { kind: 'not-found', chrome: page.chrome, shell: page.shell } : (page as MemberPage<T>);
}
