/** The idempotency key of an order submit: made once per purchase and shared by every submit of it (double click, retry, a second tab), forgotten once the order exists. */
import { isIdempotencyKey } from '#src/shared/api/idempotency.ts';

/** What a storage needs (localStorage, or a Map-backed fake in tests). */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'checkout-key:';
/** A key older than this is not reused: the member has likely started over. */
export const KEY_TTL_MS = 30 * 60_000;

/**
 * Names one purchase: who buys, how, and which lines in which quantities. Two tabs confirming the same selection share it;
 * a changed selection is a new purchase.
 */
export function purchaseFingerprint(uid: number | string, way: string, lines: readonly { sku_id: number; num: number }[]): string {
  const items = [...lines]
    .sort((a, b) => a.sku_id - b.sku_id)
    .map((l) => `${l.sku_id}x${l.num}`)
    .join(',');
  return `${uid}|${way}|${items}`;
}

/** The key for this purchase: the stored one while it is fresh, else a new one that is stored for the next submit or tab. */
export function orderKey(storage: KeyStorage, fingerprint: string, now: number, make: () => string = () => crypto.randomUUID()): string {
  const name = PREFIX + fingerprint;
  try {
    const saved = JSON.parse(storage.getItem(name) ?? 'null') as { key?: unknown; at?: unknown } | null;
    if (
      saved &&
      typeof saved.key === 'string' &&
      isIdempotencyKey(saved.key) &&
      typeof saved.at === 'number' &&
      now - saved.at < KEY_TTL_MS
    ) {
      return saved.key;
    }
  } catch {
    // An unreadable entry is replaced below.
  }
  const key = make();
  try {
    storage.setItem(name, JSON.stringify({ key, at: now }));
  } catch {
    // Storage full or blocked: the key still holds for this page.
  }
  return key;
}

/** Forgets the key once its order exists, so buying the same goods again later is a new order. */
export function forgetOrderKey(storage: KeyStorage, fingerprint: string): void {
  try {
    storage.removeItem(PREFIX + fingerprint);
  } catch {
    // Nothing to forget.
  }
}
