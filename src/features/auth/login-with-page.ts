/**
 * The login dialog a private page renders open for its visitor (docs/product.md §4: reaching /member signs in first): shown at load without
 * React, its island woken by the visitor's first input, so the page loads no React before interaction (docs/architecture.md §7).
 */
import { $loginDialogReady, ACCOUNT_EVENT, closeDialog, loginShownWithPage } from '#src/shared/session/dialogs.ts';

/** Inputs that mean the visitor is using the dialog. Not focus: opening the dialog moves focus into it by itself. */
const WAKE = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'input'] as const;

/** Shows the server-rendered login dialog of `root` if there is one; false when the page has none (then ask openLogin). */
export function showLoginWithPage(root: ParentNode, forward: string | undefined): boolean {
  const dialog = root.querySelector<HTMLDialogElement>('[data-login-open] dialog[data-dialog="login"]');
  if (!dialog || !dialog.firstElementChild) return false;
  loginShownWithPage(forward);
  if (!dialog.open) dialog.showModal();
  const wake = () => {
    for (const e of WAKE) window.removeEventListener(e, wake, true);
    window.dispatchEvent(new Event(ACCOUNT_EVENT));
  };
  for (const e of WAKE) window.addEventListener(e, wake, { capture: true, passive: true });
  // Esc or × before the island is awake: closed through the store once it is, so the island and the dialog agree.
  const closeWhenAwake = () => {
    if ($loginDialogReady.get()) return closeDialog();
    const stop = $loginDialogReady.listen((ready) => {
      if (!ready) return;
      stop();
      closeDialog();
    });
  };
  dialog.addEventListener('cancel', (e) => {
    if ($loginDialogReady.get()) return;
    e.preventDefault();
    closeWhenAwake();
  });
  dialog.addEventListener('click', (e) => {
    if (!$loginDialogReady.get() && e.target instanceof Element && e.target.closest('.auth-close')) closeWhenAwake();
  });
  return true;
}
