/** The browser's side of SPEC §8: what the shop does when an island's call fails. */
import { ApiError, reactTo } from '../lib/api/errors.ts';
import { safeForward } from '../lib/forward.ts';
import { $cart } from './cart.ts';
import { $cartCount } from './cart-count.ts';
import { $profile } from './session.ts';
import { toast } from './toast.ts';

/** Called when a session expired: forgets the member, the cart, and sends them to log in again, returning here after. */
function sessionExpired(text: string): void {
  $profile.set(null);
  $cart.set(null);
  $cartCount.set(0);
  toast.error(text);
  // The same-origin endpoint drops the HttpOnly tokens and the profile cookie.
  void fetch('/api/session/logout', { method: 'POST' }).finally(() => {
    const here = `${location.pathname}${location.search}`;
    setTimeout(() => location.assign(`/login?forward=${encodeURIComponent(safeForward(here))}`), 200);
  });
}

export function handleApiError(e: unknown): void {
  if (!(e instanceof ApiError)) {
    if (e instanceof Error && e.name === 'AbortError') return;
    toast.error('操作失败，请稍后再试');
    return;
  }
  const reaction = reactTo(e);
  if (reaction.type === 'session-expired') sessionExpired(reaction.toast);
  else if (reaction.type === 'toast') toast.error(reaction.toast);
  else location.assign(`${reaction.path}?status=${e.status}`);
}
