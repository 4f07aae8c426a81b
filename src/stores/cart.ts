/** The header's view of the cart: the count of cart shops, shared by the badge, the side bar and the cart islands. */
import { atom } from 'nanostores';
import { browserApi } from '../lib/api/browser.ts';
import { cart } from '../lib/api/contract/cart.ts';

/** Count of shops in the cart (SPEC §2: the header shows shops, not lines). */
export const $cartCount = atom<number>(0);

/** Asks the backend for the count; a failure leaves the last known count (the badge is not worth an error page). */
export async function refreshCartCount(): Promise<void> {
  try {
    const total = await browserApi.call(cart.total);
    $cartCount.set(total.cartNum);
  } catch {
    // The badge keeps its last value; the cart page shows the real error.
  }
}
