/** Which account dialog is asked for (SPEC §3 "dialog flags for sign-in and sign-up"); callers ask through openLogin, never by navigating themselves. */
import { atom } from 'nanostores';
import { safeForward } from '../lib/forward.ts';

export type AccountDialog = 'login' | 'register' | 'reset' | null;

export const $dialog = atom<AccountDialog>(null);
/** Where the member returns after signing in, and what to run then (e.g. finish an add-to-cart). */
export const $afterLogin = atom<{ forward: string; then?: () => void } | null>(null);

/** True once the login dialog island is on the page and listening; until then openLogin falls back to the login page. */
export const $loginDialogReady = atom(false);

/** Asks the visitor to sign in: the dialog where it is mounted, else the login page with a same-origin return path. */
export function openLogin(forward?: string, then?: () => void): void {
  const back = safeForward(forward ?? `${location.pathname}${location.search}`);
  $afterLogin.set({ forward: back, then });
  if ($loginDialogReady.get()) $dialog.set('login');
  else location.assign(`/login?forward=${encodeURIComponent(back)}`);
}

export const closeDialog = (): void => $dialog.set(null);
