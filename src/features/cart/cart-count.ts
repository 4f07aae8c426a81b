/** The count of shops in the member's cart (docs/product.md §2 badge), apart from the cart store so every page shows it without loading the full API client. */
import { atom } from 'nanostores';
import { cartTotal } from '#src/shared/api/contract/cart-total.ts';
import { peek } from '#src/shared/api/peek.ts';
import { proxyUrl } from '#src/boot/proxy-path.ts';
import { $profile } from '#src/shared/session/session.ts';
import { CART_COUNT_EVENT, CART_COUNT_KEY } from '#src/boot/count-signal.ts';

export const $cartCount = atom<number>(0);

// This tab's header repaints from the event, other open tabs from the key (client/chrome.ts listens for both).
$cartCount.listen((n) => {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(CART_COUNT_EVENT, { detail: n }));
  try {
    localStorage.setItem(CART_COUNT_KEY, String(n));
  } catch {
    // Storage full or blocked: the other tabs catch up on their next load.
  }
});

// A visitor has no cart: the badge empties when the member goes (logout, an expired session).
$profile.listen((p) => {
  if (!p) $cartCount.set(0);
});

/** Asks for the count; a failure keeps the last one (the badge is not worth an error page). */
export async function refreshCartCount(): Promise<void> {
  const total = await peek(proxyUrl(cartTotal), cartTotal.data);
  if (total) $cartCount.set(total.cartNum);
}
