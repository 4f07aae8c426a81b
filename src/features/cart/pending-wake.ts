/**
 * Loads the cart store when a visitor's wishes wait in this tab: as it loads, the store reacts to the member and completes
 * them (cart.ts). For the pages that have not loaded it: one opened signed in (the chrome), a login on a page without the cart
 * (the login form, which then waits for that work). Tiny, so the chrome can carry it: the store itself loads only when asked.
 */
import { hasPendingAdds } from '#src/boot/pending-key.ts';

export function loadCartForPendingAdds(): Promise<unknown> {
  let waiting = false;
  try {
    waiting = hasPendingAdds(sessionStorage);
  } catch {
    // Storage blocked: nothing can be waiting.
  }
  return waiting ? import('./cart.ts') : Promise.resolve();
}
