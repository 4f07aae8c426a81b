/** Which account dialog is asked for (docs/product.md §3 "dialog flags for sign-in and sign-up"); callers ask through openLogin, never by navigating themselves. */
import { atom } from 'nanostores';
import { safeForward } from '#src/shared/http/forward.ts';

export type AccountDialog = 'login' | 'register' | 'reset' | null;

/** Window event that hydrates the account dialogs island the first time one is asked for (client:event). */
export const ACCOUNT_EVENT = 'gas:account';
/** Marks the element around the account dialogs island; a page without it has no dialog to open. */
export const ACCOUNT_DIALOGS_ATTR = 'data-account-dialogs';

export const $dialog = atom<AccountDialog>(null);
/** Where the member returns after signing in (the page itself, or where the wish leads: 立即购买 goes on to the confirm page). */
export const $afterLogin = atom<{ forward: string } | null>(null);

/** True once the login dialog island is on the page and listening; until then openLogin falls back to the login page. */
export const $loginDialogReady = atom(false);

const dialogsMounted = (): boolean =>
  $loginDialogReady.get() || (typeof document !== 'undefined' && document.querySelector(`[${ACCOUNT_DIALOGS_ATTR}]`) !== null);

/** Opens an account dialog, hydrating its island first when needed. */
export function openDialog(which: Exclude<AccountDialog, null>): void {
  $dialog.set(which);
  window.dispatchEvent(new Event(ACCOUNT_EVENT));
}

/**
 * Asks the visitor to sign in: the dialog where it is mounted, else the login page with a same-origin return path. What the
 * visitor asked for before (an add to cart) is not handed over here: it waits in its store, which reacts to the sign-in.
 */
export function openLogin(forward?: string): void {
  const back = returnPath(forward);
  $afterLogin.set({ forward: back });
  if (dialogsMounted()) openDialog('login');
  else location.assign(`/login?forward=${encodeURIComponent(back)}`);
}

/**
 * Records that the login dialog a private page rendered open for its visitor is showing, without waking its island: the island
 * hydrates on the visitor's first input (ACCOUNT_EVENT), so the page loads no React before interaction (docs/architecture.md §7).
 */
export function loginShownWithPage(forward?: string): void {
  $afterLogin.set({ forward: returnPath(forward) });
  $dialog.set('login');
}

const returnPath = (forward?: string): string => safeForward(forward ?? `${location.pathname}${location.search}`);

/** Opens the sign-up dialog, or the registration page where no dialog can be shown. */
export function openRegister(): void {
  if (dialogsMounted()) openDialog('register');
  else location.assign('/register-kd123');
}

export const closeDialog = (): void => $dialog.set(null);
