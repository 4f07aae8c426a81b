/** Behaviour of the page chrome on every page, without React: greeting, cart count, side-bar dialogs, phone reveal, cookie bar, visitor uuid, offline notice, chunk-failure reloads, lazy toasts. */
import { PUBLIC_QUESTIONNAIRE_URL } from 'astro:env/client';
import {
  cartBadgeText,
  CHUNK_RELOAD_KEY,
  CONNECT_UUID_KEY,
  COOKIE_BAR_CLOSED_KEY,
  COOKIE_CONSENT,
  COOKIE_CONSENT_EXPIRES,
  homeUuidAction,
  isChunkLoadError,
  LOADING_EVENT,
  shouldReloadForChunk,
  showCookieBar,
  TOAST_EVENT,
  VISITOR_COOKIE,
  VISITOR_MAX_AGE_S,
} from '../lib/site/chrome-rules.ts';
import { hasPendingAdds } from '../lib/cart/pending.ts';
import { cookieString, readCookie } from '../lib/http/readable-cookies.ts';
import { recordCookieChoice } from '../lib/privacy/cookie-choice.ts';
import { greetingName } from '../lib/session/profile.ts';
import { startPoller, UNREAD_PATH, UNREAD_POLL_MS, UnreadCount, unreadText } from '../lib/session/unread.ts';
import { proxyUrl } from '../lib/api/proxy-path.ts';
import { peek } from '../lib/api/peek.ts';
import { $cartCount, refreshCartCount } from '../stores/cart-count.ts';
import { openLogin, openRegister } from '../stores/dialogs.ts';
import { $profile, stillSignedIn } from '../stores/session.ts';
import { $toasts, toast } from '../stores/toast.ts';
import { $loadingOverlay } from '../stores/loading.ts';

const secure = location.protocol === 'https:';
const $$ = <T extends Element = HTMLElement>(selector: string) => Array.from(document.querySelectorAll<T>(selector));

// The toaster and the loading overlay hydrate the first time they have something to show (client:event).
$toasts.listen((list) => list.length > 0 && window.dispatchEvent(new Event(TOAST_EVENT)));
$loadingOverlay.listen((visible) => visible && window.dispatchEvent(new Event(LOADING_EVENT)));

// Visitor uuid: generated once, kept 30 days; home with ?uuid= adopts the given one (docs/product.md §4).
const adopt = homeUuidAction(new URL(location.href));
if (adopt) {
  document.cookie = cookieString(VISITOR_COOKIE, adopt.store, { maxAgeSeconds: VISITOR_MAX_AGE_S }, secure);
  localStorage.removeItem(CONNECT_UUID_KEY);
  location.replace(adopt.reloadTo);
} else if (!readCookie(document.cookie, VISITOR_COOKIE)) {
  document.cookie = cookieString(VISITOR_COOKIE, crypto.randomUUID(), { maxAgeSeconds: VISITOR_MAX_AGE_S }, secure);
}

// Greeting and cart count: members see their name; the count needs the member's cart.
const profile = $profile.get();
// The greeting follows the store, so an expired session shows the login links again at once.
$profile.subscribe((p) => {
  for (const el of $$('[data-when="guest"]')) el.hidden = Boolean(p);
  for (const el of $$('[data-when="member"]')) el.hidden = !p;
  if (p) for (const el of $$('[data-profile-name]')) el.textContent = greetingName(p);
});
if (profile) void refreshCartCount();

// Unread messages every 5 minutes while logged in and visible (docs/product.md §4); errors are ignored (docs/product.md §8).
const loggedIn = () => stillSignedIn();
if (profile) {
  // An add-to-cart asked for before logging in: the cart store, loaded only then, completes it as it starts.
  if (hasPendingAdds(sessionStorage)) void import('../stores/cart.ts');
  startPoller(
    () =>
      void peek(proxyUrl({ base: 'buyer', path: UNREAD_PATH }), UnreadCount).then((r) => {
        if (!r) return;
        const text = unreadText(r.total);
        for (const el of $$('[data-unread-count]')) el.textContent = text;
        for (const el of $$('[data-unread]')) {
          el.hidden = text === '';
          el.setAttribute('aria-label', `未读消息 ${r.total} 条`);
        }
      }),
    UNREAD_POLL_MS,
    loggedIn,
    document,
  );
}

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
  void import('./login-with-page.ts').then(({ showLoginWithPage }) => {
    if (!showLoginWithPage(document, signIn.dataset.forward)) openLogin(signIn.dataset.forward);
  });
}
$cartCount.subscribe((n) => {
  const text = cartBadgeText(n);
  for (const el of $$('[data-cart-count]')) {
    el.textContent = text;
    el.hidden = text === '';
    el.setAttribute('aria-label', `购物车中有 ${n} 家店铺的商品`);
  }
});

// Logout: the same-origin endpoint clears the HttpOnly tokens; without JavaScript the form posts and redirects.
for (const form of $$<HTMLFormElement>('form[data-logout]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const res = await fetch(form.action, { method: 'POST', headers: { accept: 'application/json' } }).catch(() => null);
    if (res?.ok) {
      $profile.set(null);
      // Seller-side values a seller login may have left in this origin's storage (docs/product.md §4).
      for (const key of ['seller_at', 'seller_rt', 'seller_shop', 'seller_uid', 'seller_user']) localStorage.removeItem(key);
      sessionStorage.setItem('flash', '退出成功!');
      location.reload();
    } else toast.error('退出失败，请稍后再试');
  });
}
const flash = sessionStorage.getItem('flash');
if (flash) {
  sessionStorage.removeItem('flash');
  toast.success(flash);
}

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

// A date field is data-empty while it holds no date (global.css hides WebKit's grey "today" in an empty one).
document.addEventListener('input', (e) => {
  const field = e.target;
  if (field instanceof HTMLInputElement && field.type === 'date') field.toggleAttribute('data-empty', !field.value);
});

// Cookie notice. While shown, its height is --cookie-bar-height (global.css: the page ends above it and the cart's bar sticks
// above it, so it covers no primary action); set through the CSSOM, which the CSP allows (a style attribute it would block).
const bar = document.querySelector<HTMLElement>('[data-cookie-bar]');
if (bar) {
  const root = document.documentElement.style;
  const sizer = new ResizeObserver(([entry]) => root.setProperty('--cookie-bar-height', `${Math.ceil(entry!.borderBoxSize[0]!.blockSize)}px`));
  const hide = () => {
    bar.hidden = true;
    sizer.disconnect();
    root.removeProperty('--cookie-bar-height');
  };
  bar.hidden = !showCookieBar(readCookie(document.cookie, COOKIE_CONSENT), sessionStorage.getItem(COOKIE_BAR_CLOSED_KEY) === '1');
  if (!bar.hidden) sizer.observe(bar);
  bar.querySelector('[data-cookie-accept]')?.addEventListener('click', () => {
    document.cookie = cookieString(COOKIE_CONSENT, '1', { expires: COOKIE_CONSENT_EXPIRES }, secure);
    hide();
    recordCookieChoice('ACCEPT', readCookie(document.cookie, VISITOR_COOKIE));
  });
  bar.querySelector('[data-cookie-close]')?.addEventListener('click', () => {
    sessionStorage.setItem(COOKIE_BAR_CLOSED_KEY, '1');
    hide();
    recordCookieChoice('DISMISS', readCookie(document.cookie, VISITOR_COOKIE));
  });
}

// Offline state (docs/product.md §8): shown while the browser is offline.
const offline = document.querySelector<HTMLElement>('[data-offline]');
const showOnline = () => offline && (offline.hidden = navigator.onLine);
window.addEventListener('online', showOnline);
window.addEventListener('offline', showOnline);
showOnline();

// A lazily loaded chunk that fails to load (new deploy) reloads the page, at most once a minute (docs/product.md §8).
function onChunkError(reason: unknown, event?: Event) {
  if (!isChunkLoadError(reason)) return;
  event?.preventDefault();
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
  if (!shouldReloadForChunk(last || null, Date.now())) return;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  location.reload();
}
window.addEventListener('vite:preloadError', (e) => onChunkError((e as Event & { payload?: unknown }).payload ?? new Error('ChunkLoadError'), e));
window.addEventListener('unhandledrejection', (e) => onChunkError(e.reason, e));
// Islands whose code cannot be loaded (Astro retries the import once before giving up) report here.
window.addEventListener('astro:hydration-error', (e) => onChunkError((e as CustomEvent<{ error: unknown }>).detail?.error, e));

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
