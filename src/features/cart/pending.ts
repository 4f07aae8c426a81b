/** A visitor's add-to-cart waiting for their login: kept in sessionStorage per SKU, so it completes on the first page loaded as a member, even after a login page. */

import { PENDING_PREFIX as PREFIX } from '#src/boot/pending-key.ts';

// The boot script of every page asks only whether one is waiting (pending-key.ts); the rest of this module loads with the cart.
export { hasPendingAdds } from '#src/boot/pending-key.ts';
/** A wish older than this is forgotten (the visitor went away and came back much later). */
export const PENDING_TTL_MS = 30 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Remembers that `num` of `skuId` should be added after login; a second wish for the same SKU replaces the first. */
export function rememberAdd(store: Store, skuId: number, num: number, now: number): void {
  store.setItem(`${PREFIX}${skuId}`, JSON.stringify({ num, at: now }));
}

export function forgetAdd(store: Store, skuId: number): void {
  store.removeItem(`${PREFIX}${skuId}`);
}


/** Takes every pending add out of the store (so it runs once), dropping expired and malformed ones. */
export function takePendingAdds(store: Store, now: number): { skuId: number; num: number }[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  const out: { skuId: number; num: number }[] = [];
  for (const key of keys) {
    const raw = store.getItem(key);
    store.removeItem(key);
    const skuId = Number(key.slice(PREFIX.length));
    try {
      const { num, at } = JSON.parse(raw ?? '') as { num: unknown; at: unknown };
      if (Number.isInteger(skuId) && skuId > 0 && typeof num === 'number' && Number.isInteger(num) && num > 0 && typeof at === 'number' && now - at <= PENDING_TTL_MS) {
        out.push({ skuId, num });
      }
    } catch {
      // A malformed entry is simply dropped.
    }
  }
  return out;
}
