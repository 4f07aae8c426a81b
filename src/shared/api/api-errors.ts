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
