/** The count of shops in the member's cart (docs/product.md §2 badge), apart from the cart store so every page shows it without loading the full API client. */
import { atom } from 'nanostores';
import { $profile } from '#src/shared/session/session.ts';
import { CART_COUNT_EVENT, CART_COUNT_KEY } from '#src/boot/count-signal.ts';

export const $cartCount = atom<number>(0);

// This tab's header repaints from the event, other open tabs from the key (src/boot/chrome.ts listens for both).
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
