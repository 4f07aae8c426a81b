/** The member's cart as islands see it: the list and quantity changes that never let a stale answer win. */
import { atom } from 'nanostores';
import { browserApi } from './api.ts';
import { $cartCount } from './cart-count.ts';
import { cart, type CartList } from '../lib/api/contract/cart.ts';

/** The full cart, once an island asked for it. */
export const $cart = atom<CartList | null>(null);

/** Quantities the visitor asked for that the server has not confirmed yet, per SKU. */
const wanted = new Map<number, number>();
const inFlight = new Set<number>();

/** Shows a server cart, keeping the quantities still on their way so the screen never jumps back. */
function apply(list: CartList): void {
  const shown = wanted.size
    ? {
        ...list,
        valid: list.valid.map((shop) => ({
          ...shop,
          sku_list: shop.sku_list.map((line) => (wanted.has(line.sku_id) ? { ...line, num: wanted.get(line.sku_id)! } : line)),
        })),
      }
    : list;
  $cart.set(shown);
  $cartCount.set(list.cartNum);
}

export async function loadCart(): Promise<void> {
  apply(await browserApi.call(cart.list, { silent: true }));
}

/**
 * Sets a line's quantity. The screen follows at once; the server gets absolute quantities, one request per line at a time,
 * and after each answer the latest wish is sent if it changed meanwhile, so 50 quick clicks end where the last one pointed.
 */
export function setQuantity(skuId: number, num: number, onError: (e: unknown) => void): void {
  wanted.set(skuId, num);
  const current = $cart.get();
  if (current) apply(current);
  if (!inFlight.has(skuId)) void flush(skuId, onError);
}

async function flush(skuId: number, onError: (e: unknown) => void): Promise<void> {
  inFlight.add(skuId);
  try {
    for (;;) {
      const num = wanted.get(skuId);
      if (num === undefined) return;
      const list = await browserApi.call(cart.num, { input: { sku_id: skuId, num }, silent: true });
      if (wanted.get(skuId) === num) {
        wanted.delete(skuId);
        apply(list);
        return;
      }
    }
  } catch (e) {
    wanted.delete(skuId);
    onError(e);
    await loadCart().catch(() => undefined);
  } finally {
    inFlight.delete(skuId);
  }
}

/** Puts a SKU in the member's cart (the goods page), then reloads the cart and its badge. */
export async function addToCart(skuId: number, num: number): Promise<void> {
  await browserApi.call(cart.add, { input: { sku_id: skuId, num } });
  await loadCart();
}
