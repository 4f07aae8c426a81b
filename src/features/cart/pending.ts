/**
 * A visitor's 加入购物车 or 立即购买 waiting for their sign-in: kept in sessionStorage, so it completes when a member is here,
 * on this page or on the first page loaded as a member, even after a login page. Adds are kept per SKU; 立即购买 once (the
 * server keeps one buy-now line, and a newer wish replaces it).
 */

import { PENDING_PREFIX as PREFIX } from '#src/boot/pending-key.ts';
import type { CartWay } from '#src/shared/api/contract/cart.ts';

// The boot script of every page asks only whether one is waiting (pending-key.ts); the rest of this module loads with the cart.
export { hasPendingAdds } from '#src/boot/pending-key.ts';
/** A wish older than this is forgotten (the visitor went away and came back much later). */
export const PENDING_TTL_MS = 30 * 60 * 1000;

export interface PendingAdd {
  skuId: number;
  num: number;
  way: CartWay;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const BUY_NOW_KEY = `${PREFIX}buy-now`;
const keyOf = (skuId: number, way: CartWay): string => (way === 'BUY_NOW' ? BUY_NOW_KEY : `${PREFIX}${skuId}`);

/** Remembers that `num` of `skuId` should be added (or bought now) after login; a second wish for the same SKU (any buy-now) replaces the first. */
export function rememberAdd(store: Store, skuId: number, num: number, now: number, way: CartWay = 'CART'): void {
  store.setItem(keyOf(skuId, way), JSON.stringify(way === 'BUY_NOW' ? { skuId, num, at: now } : { num, at: now }));
}

export function forgetAdd(store: Store, skuId: number, way: CartWay = 'CART'): void {
  store.removeItem(keyOf(skuId, way));
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

function parse(key: string, raw: string | null, now: number): PendingAdd | null {
  const way: CartWay = key === BUY_NOW_KEY ? 'BUY_NOW' : 'CART';
  let value: { skuId?: unknown; num?: unknown; at?: unknown };
  try {
    value = JSON.parse(raw ?? '') as typeof value;
  } catch {
    return null;
  }
  const skuId = way === 'BUY_NOW' ? value?.skuId : Number(key.slice(PREFIX.length));
  if (!isCount(skuId) || !isCount(value?.num) || typeof value.at !== 'number' || now - value.at > PENDING_TTL_MS) return null;
  return { skuId, num: value.num, way };
}

/** Takes every pending wish out of the store (so it runs once), dropping expired and malformed ones; a buy-now comes last. */
export function takePendingAdds(store: Store, now: number): PendingAdd[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  const out: PendingAdd[] = [];
  for (const key of keys) {
    const raw = store.getItem(key);
    store.removeItem(key);
    const add = parse(key, raw, now);
    if (add) out.push(add);
  }
  return out.sort((a, b) => Number(a.way === 'BUY_NOW') - Number(b.way === 'BUY_NOW'));
}
