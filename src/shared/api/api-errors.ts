/** The browser's side of docs/product.md §8: what the shop does when an island's call fails. */
import { ApiError, reactTo } from './errors.ts';
import { openLogin } from '#src/shared/session/dialogs.ts';
import { signOut } from '#src/shared/session/session.ts';
import { toast } from '#src/shared/ui/toast.ts';

/** Called when a session expired (a 401 the proxy could not renew): signs out (the stores that depend on the member, like the cart, clear themselves) and opens the login dialog (docs/product.md §4, §8). */
function sessionExpired(text: string): void {
  void signOut({ ended: true }).then(() => openLogin());
  toast.error(text);
}

/**
 * When the page began to leave (ms since epoch; 0: it has not). WebKit cancels a page's pending requests as soon as a
 * navigation starts, not when the next page arrives, and the page's code still runs: the cancelled call fails like an
 * unreachable backend. Sending the page to /error then would replace the navigation the member asked for (a tap on
 * 去结算 while the cart count was refreshing ended on 请求没有成功 in WebKit). A navigation that does not leave after all
 * (a 204, a download) lets the page run on, so the mark holds only for a while.
 */
let leavingAt = 0;
const LEAVING_MS = 10_000;
// The module is also loaded where pages are rendered, which has no window.
globalThis.addEventListener?.('beforeunload', () => (leavingAt = Date.now()));
globalThis.addEventListener?.('pageshow', () => (leavingAt = 0));

/** Whether a failed call belongs to a page that is going away: nothing to tell the member there. */
function leaving(): boolean {
  return Date.now() - leavingAt < LEAVING_MS;
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
  else if (e.kind !== 'network' || !leaving()) location.assign(`${reaction.path}?status=${e.status}`);
}
