/**
 * The page chrome's behaviour that waits for the visitor's intent (client/chrome.ts loads it on the first tap, key or focus,
 * or a hover over one of its controls, and replays a tap that came first): login and register links, logout, the toasts,
 * side-bar dialogs, phone reveal, back-to-top, error-page links; and, from then on, the header follows the stores.
 */
import { PUBLIC_QUESTIONNAIRE_URL } from 'astro:env/client';
import { COOKIE_BAR_CLOSED_KEY, COOKIE_CONSENT, COOKIE_CONSENT_EXPIRES, VISITOR_COOKIE } from '#src/boot/chrome-rules.ts';
import { CART_COUNT_KEY } from '#src/boot/count-signal.ts';
import { cookieString, readCookie } from '#src/boot/readable-cookies.ts';
import { recordCookieChoice } from '#src/features/privacy/cookie-choice.ts';
import { UNREAD_POLL_MS } from '#src/boot/unread.ts';
import { startPoller } from '#src/shared/session/poller.ts';
import { $cartCount } from '#src/features/cart/cart-count.ts';
import { openLogin, openRegister } from '#src/shared/session/dialogs.ts';
import { $profile, signOut, stillSignedIn } from '#src/shared/session/session.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { FLASH_KEY, takeFlash } from '#src/shared/ui/flash.ts';
import { refreshUnread } from '#src/boot/header-paint.ts';
import { loadCartForPendingAdds } from '#src/features/cart/pending-wake.ts';

const $$ = <T extends Element = HTMLElement>(selector: string) => Array.from(document.querySelectorAll<T>(selector));

// The header follows the stores through the boot script (their events); here the cart store only keeps in step with other tabs.
// A cart changed in another tab keeps this tab's store in step (the boot script repaints the badge itself).
window.addEventListener('storage', (e) => {
  if (e.key === CART_COUNT_KEY && e.newValue !== null && $profile.get()) $cartCount.set(Number(e.newValue));
});

// 加入购物车 on a goods card (GoodsCard.astro): one listener for every card; the cart code loads on the first click. A click made
// before this module ran was held by the boot script and is replayed here.
document.addEventListener('click', async (e) => {
  const button = (e.target as Element | null)?.closest<HTMLButtonElement>('button[data-add-to-cart]');
  if (!button || button.disabled) return;
  button.disabled = true;
  try {
    const { addGoodsToCart } = await import('#src/features/cart/cart-add.ts');
    await addGoodsToCart(Number(button.dataset.addToCart));
  } finally {
    button.disabled = false;
  }
});

// Unread messages every 5 minutes while logged in and visible (docs/product.md §4): the boot script read them on load.
if ($profile.get()) startPoller(refreshUnread, UNREAD_POLL_MS, stillSignedIn, document);
// A wish a visitor made before signing in, waiting on a page opened signed in: the cart store completes it as it loads, and
// $cartCount then repaints the badge. The boot script loads this module at once for it.
if ($profile.get()) void loadCartForPendingAdds();

// Cookie notice (shown by the boot script): the choice is kept and recorded; hiding it lets the boot script drop its height.
const bar = document.querySelector<HTMLElement>('[data-cookie-bar]');
bar?.querySelector('[data-cookie-accept]')?.addEventListener('click', () => {
  document.cookie = cookieString(COOKIE_CONSENT, '1', { expires: COOKIE_CONSENT_EXPIRES }, location.protocol === 'https:');
  bar.hidden = true;
  recordCookieChoice('ACCEPT', readCookie(document.cookie, VISITOR_COOKIE));
});
bar?.querySelector('[data-cookie-close]')?.addEventListener('click', () => {
  sessionStorage.setItem(COOKIE_BAR_CLOSED_KEY, '1');
  bar.hidden = true;
  recordCookieChoice('DISMISS', readCookie(document.cookie, VISITOR_COOKIE));
});

// A date field is data-empty while it holds no date (global.css hides WebKit's grey "today" in an empty one).
document.addEventListener('input', (e) => {
  const field = e.target;
  if (field instanceof HTMLInputElement && field.type === 'date') field.toggleAttribute('data-empty', !field.value);
});
// A date picked while this module was still loading (the focus that loaded it came first).
for (const field of $$<HTMLInputElement>('input[type="date"]')) field.toggleAttribute('data-empty', !field.value);

// Login and register links open the dialogs; they stay real links without JavaScript.
for (const link of $$<HTMLAnchorElement>('a[data-open-login]')) {
  link.addEventListener('click', (e) => {
    e.preventDefault();
    openLogin();
  });
}
for (const link of $$<HTMLAnchorElement>('a[data-open-register]')) {
  link.addEventListener('click', (e) => {
    e.preventDefault();
    openRegister();
  });
}
// A private page a visitor reached (SignInRequired) asks for the login dialog itself (docs/product.md §4 guards).
const signIn = document.querySelector<HTMLElement>('[data-sign-in-required]');
// Its code is loaded only there, so every other page stays within its budget (docs/architecture.md §7).
if (signIn) {
  void import('#src/features/auth/login-with-page.ts').then(({ showLoginWithPage }) => {
    if (!showLoginWithPage(document, signIn.dataset.forward)) openLogin(signIn.dataset.forward);
  });
}

// Logout (signOut, as every sign-out): the same-origin endpoint clears the HttpOnly tokens; without JavaScript the form posts and redirects.
for (const form of $$<HTMLFormElement>('form[data-logout]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (await signOut()) {
      sessionStorage.setItem(FLASH_KEY, '退出成功!');
      location.reload();
    } else toast.error('退出失败，请稍后再试');
  });
}
for (const { kind, text } of takeFlash()) toast[kind](text);

// Side-bar dialogs: the links open the external page in a modal dialog; the iframe loads on first open.
for (const link of $$<HTMLAnchorElement>('a[data-dialog]')) {
  link.addEventListener('click', (e) => {
    const dialog = document.getElementById(link.dataset.dialog!) as HTMLDialogElement | null;
    if (!dialog) return;
    e.preventDefault();
    const frame = dialog.querySelector<HTMLIFrameElement>('iframe[data-src]');
    if (frame && !frame.src) frame.src = frame.dataset.src!;
    dialog.showModal();
    if (link.dataset.recordClick) recordClick(link.dataset.recordClick);
  });
}
for (const btn of $$('[data-close-dialog]')) btn.addEventListener('click', () => btn.closest('dialog')?.close());
for (const dialog of $$<HTMLDialogElement>('dialog.embed-dialog')) {
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener('click', (e) => e.target === dialog && dialog.close());
}

/** Posts the click-record action to the questionnaire service; a beacon, so it never delays the dialog. */
function recordClick(action: string): void {
  const body = JSON.stringify({ action, page: location.pathname, visitor: readCookie(document.cookie, VISITOR_COOKIE), at: Date.now() });
  if (!navigator.sendBeacon?.(PUBLIC_QUESTIONNAIRE_URL, body)) {
    void fetch(PUBLIC_QUESTIONNAIRE_URL, { method: 'POST', body, mode: 'no-cors', keepalive: true }).catch(() => undefined);
  }
}

// Tap-to-reveal phone number.
for (const btn of $$<HTMLButtonElement>('[data-reveal-phone]')) {
  btn.addEventListener('click', () => {
    const target = document.getElementById(btn.getAttribute('aria-controls')!);
    if (!target) return;
    const open = btn.getAttribute('aria-expanded') !== 'true';
    btn.setAttribute('aria-expanded', String(open));
    target.hidden = !open;
  });
}

// Back to top: smooth where allowed, and focus the top so keyboard users land there too.
for (const link of $$<HTMLAnchorElement>('[data-go-top]')) {
  link.addEventListener('click', (e) => {
    e.preventDefault();
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    document.querySelector<HTMLElement>('.logo')?.focus({ preventScroll: true });
  });
}

// Error pages: "back" goes back when there is somewhere to go (the link itself leads home), "refresh" reloads.
for (const link of $$<HTMLAnchorElement>('[data-history-back]')) {
  link.addEventListener('click', (e) => {
    if (history.length > 1 && document.referrer.startsWith(location.origin)) {
      e.preventDefault();
      history.back();
    }
  });
}
for (const link of $$<HTMLAnchorElement>('[data-reload]')) {
  link.addEventListener('click', (e) => {
    e.preventDefault();
    location.reload();
  });
}
