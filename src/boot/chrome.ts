/**
 * The boot script of every page: the header's dynamic parts (greeting, unread and cart badges), the visitor uuid, the cookie
 * and offline notices, chunk-failure reloads. It imports no store, no API client and no React, so a content page loads at
 * most 6 KB of JavaScript before any interaction (docs/light-pages.md). The rest of the chrome (toasts, the account dialogs'
 * links, logout, side-bar dialogs, phone reveal ...) is chrome-intent.ts, loaded on the first sign of intent; a tap made
 * before it arrived is kept and replayed once it runs, like an island's first tap (src/shared/hydration/early-events.ts).
 */
// First, so a tap is shown pressed (and a navigation's bar drawn) before any other listener runs.
import { navigating } from './tap-feedback.ts';
import {
  CHUNK_RELOAD_KEY,
  COOKIE_BAR_CLOSED_KEY,
  COOKIE_CONSENT,
  isChunkLoadError,
  shouldReloadForChunk,
  showCookieBar,
  VISITOR_COOKIE,
  VISITOR_MAX_AGE_S,
} from './chrome-rules.ts';
import { hasPendingAdds } from './pending-key.ts';
import { CART_COUNT_EVENT, CART_COUNT_KEY } from './count-signal.ts';
import { cookieString, readCookie } from './readable-cookies.ts';
import { PROFILE_EVENT, recheckProfile } from './current.ts';
import type { Profile } from './profile.ts';
import { UNREAD_POLL_MS } from './unread.ts';
import { WAKING_ATTR } from '#src/shared/hydration/early-events.ts';
import { paintCart, paintProfile, refreshCart, refreshUnread } from './header-paint.ts';
import intentUrl from './lazy/chrome-intent.ts?lazy-url';
import adoptUrl from './lazy/adopt-uuid.ts?lazy-url';

// Visitor uuid: generated once, kept 30 days; home with ?uuid= adopts the given one (docs/product.md §4), by a module loaded
// only then (adopt-uuid.ts: it replaces the cookie and reloads).
if (!readCookie(document.cookie, VISITOR_COOKIE)) {
  document.cookie = cookieString(VISITOR_COOKIE, crypto.randomUUID(), { maxAgeSeconds: VISITOR_MAX_AGE_S }, location.protocol === 'https:');
}
if (location.pathname === '/' && /[?&]uuid=/.test(location.search)) void import(/* @vite-ignore */ adoptUrl);

// The rest of the chrome, once: on the first tap, key or focus anywhere, or a hover over one of its controls.
type Intent = typeof import('./lazy/chrome-intent.ts');
let intent: Promise<Intent> | null = null;
let intentReady = false;
const loadIntent = (): Promise<Intent> =>
  (intent ??= (import(/* @vite-ignore */ intentUrl) as Promise<Intent>).then((m) => {
    intentReady = true;
    return m;
  }));
/** Controls chrome-intent.ts answers: a tap on one before it ran is held and replayed. */
const LAZY =
  'a[data-open-login],a[data-open-register],form[data-logout] [type=submit],a[data-dialog],[data-reveal-phone],[data-go-top],[data-history-back],[data-reload],[data-cookie-bar] button,[data-add-to-cart]';
for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin'])
  document.addEventListener(type, () => void loadIntent(), { capture: true, passive: true, once: true });
document.addEventListener('pointerover', (e) => (e.target as Element).closest?.(LAZY) && void loadIntent(), {
  capture: true,
  passive: true,
});
document.addEventListener(
  'click',
  (e) => {
    const control = intentReady ? null : (e.target as Element).closest?.<HTMLElement>(LAZY);
    if (!control) return;
    // Until its handler runs, the link must not leave the page nor the form post: the tap is replayed as a click then.
    e.preventDefault();
    e.stopImmediatePropagation();
    control.setAttribute(WAKING_ATTR, '');
    void loadIntent().then(() => {
      control.removeAttribute(WAKING_ATTR);
      control.click();
    });
  },
  true,
);

// Greeting and cart count: who is signed in changed (a login, a logout, an expired session, another tab; and the first read of
// the cookie below): the header follows (the server rendered the visitor's). A new cart count from the cart store (cart-count.ts).
addEventListener(PROFILE_EVENT, (e) => {
  const p = (e as CustomEvent<Profile | null>).detail;
  paintProfile(p);
  if (p) refreshCart();
  else paintCart(0);
});
addEventListener(CART_COUNT_EVENT, (e) => paintCart((e as CustomEvent<number>).detail));
// A cart changed in another tab: its store wrote the new count (cart-count.ts). That tab may have signed in: ask the cookie again.
window.addEventListener('storage', (e) => {
  if (e.key === CART_COUNT_KEY && e.newValue !== null && recheckProfile()) paintCart(Number(e.newValue));
});
// Signed in or out in another tab: this one follows when it is shown again.
document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && recheckProfile());

// Who is signed in, from the profile cookie (current.ts: the answer $profile holds too); a member is greeted through the event above.
if (recheckProfile()) {
  // A wish a visitor made before signing in: the rest of the chrome loads the cart store, which completes it as it starts.
  if (hasPendingAdds(sessionStorage)) void loadIntent();
  // Unread messages now; every 5 minutes after, while logged in and visible, the rest of the chrome polls (docs/product.md §4),
  // loaded then at the latest for a reader who never touched the page. Errors are ignored (docs/product.md §8).
  refreshUnread();
  setTimeout(() => void loadIntent(), UNREAD_POLL_MS);
}

// A private page a visitor reached (SignInRequired) asks for the login dialog itself (docs/product.md §4 guards); a message
// left by the previous page (退出成功!) is shown by the toasts: both need the rest of the chrome at once.
if (document.querySelector('[data-sign-in-required]') || sessionStorage.getItem('flash')) void loadIntent();

// Cookie notice: shown at once when no choice was made (its buttons are the rest of the chrome's, chrome-intent.ts). While shown,
// its height is --cookie-bar-height (global.css: the page ends above it and the cart's bar sticks above it, so it covers no
// primary action); set through the CSSOM, which the CSP allows (a style attribute it would block).
const bar = document.querySelector<HTMLElement>('[data-cookie-bar]');
if (bar) {
  const root = document.documentElement.style;
  bar.hidden = !showCookieBar(readCookie(document.cookie, COOKIE_CONSENT), sessionStorage.getItem(COOKIE_BAR_CLOSED_KEY) === '1');
  if (!bar.hidden) {
    const sizer = new ResizeObserver(([entry]) => {
      if (bar.hidden) {
        sizer.disconnect();
        root.removeProperty('--cookie-bar-height');
      } else root.setProperty('--cookie-bar-height', `${Math.ceil(entry!.borderBoxSize[0]!.blockSize)}px`);
    });
    sizer.observe(bar);
  }
}

// Offline state (docs/product.md §8): shown while the browser is offline.
const offline = document.querySelector<HTMLElement>('[data-offline]');
const showOnline = () => offline && (offline.hidden = navigator.onLine);
window.addEventListener('online', showOnline);
window.addEventListener('offline', showOnline);
showOnline();

// A lazily loaded chunk that fails to load (new deploy) reloads the page, at most once a minute (docs/product.md §8). Vite's
// preload helper rethrows a failure nobody handled (its vite:preloadError not prevented), so the rejection arrives here too.
// Not while the page is leaving: Firefox rejects a pending import then (tap-feedback.ts navigating).
function onChunkError(reason: unknown, event?: Event) {
  if (!isChunkLoadError(reason)) return;
  event?.preventDefault();
  if (navigating()) return;
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
  if (!shouldReloadForChunk(last || null, Date.now())) return;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  location.reload();
}
window.addEventListener('unhandledrejection', (e) => onChunkError(e.reason, e));
// Islands whose code cannot be loaded (Astro retries the import once before giving up) report here.
window.addEventListener('astro:hydration-error', (e) => onChunkError((e as CustomEvent<{ error: unknown }>).detail?.error, e));
