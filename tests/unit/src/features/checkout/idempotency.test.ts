import { describe, expect, it } from 'vitest';
import { forgetOrderKey, KEY_TTL_MS, orderKey, purchaseFingerprint, type KeyStorage } from '#src/features/checkout/idempotency.ts';

function memoryStorage(): KeyStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

let n = 0;
const make = () => `key-${++n}`;
const T = Date.parse('2026-03-18T02:00:00Z');

describe('order idempotency key', () => {
  const fp = purchaseFingerprint(7, 'CART', [
    { sku_id: 2, num: 1 },
    { sku_id: 1, num: 3 },
  ]);

  it('names a purchase by member, way and lines, whatever the order of the lines', () => {
    expect(fp).toBe(
      purchaseFingerprint(7, 'CART', [
        { sku_id: 1, num: 3 },
        { sku_id: 2, num: 1 },
      ]),
    );
    expect(fp).not.toBe(
      purchaseFingerprint(7, 'CART', [
        { sku_id: 1, num: 4 },
        { sku_id: 2, num: 1 },
      ]),
    );
    expect(fp).not.toBe(
      purchaseFingerprint(8, 'CART', [
        { sku_id: 1, num: 3 },
        { sku_id: 2, num: 1 },
      ]),
    );
    expect(fp).not.toBe(
      purchaseFingerprint(7, 'BUY_NOW', [
        { sku_id: 1, num: 3 },
        { sku_id: 2, num: 1 },
      ]),
    );
  });

  it('reuses one key for the same purchase: a retry, a reload or a second tab sharing the storage', () => {
    const storage = memoryStorage();
    const first = orderKey(storage, fp, T, make);
    expect(orderKey(storage, fp, T + 1000, make)).toBe(first);
    expect(orderKey(storage, fp, T + KEY_TTL_MS - 1, make)).toBe(first);
    expect(first).toMatch(/^[\w-]+$/);
  });

  it('makes a new key for another purchase, after the key is forgotten, once it is stale, or when the entry is garbage', () => {
    const storage = memoryStorage();
    const first = orderKey(storage, fp, T, make);
    expect(orderKey(storage, purchaseFingerprint(7, 'BUY_NOW', [{ sku_id: 1, num: 1 }]), T, make)).not.toBe(first);
    forgetOrderKey(storage, fp);
    const second = orderKey(storage, fp, T, make);
    expect(second).not.toBe(first);
    expect(orderKey(storage, fp, T + KEY_TTL_MS, make)).not.toBe(second);
    storage.map.set(`checkout-key:${fp}`, '{bad json');
    expect(orderKey(storage, fp, T, make)).toMatch(/^key-\d+$/);
  });

  it('still gives a key when the storage refuses to keep it', () => {
    const broken: KeyStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(orderKey(broken, fp, T, make)).toMatch(/^key-\d+$/);
  });
});
