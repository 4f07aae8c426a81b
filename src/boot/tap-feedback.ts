/**
 * Every tap shows at once that it was taken (docs/light-pages.md "Tap feedback"): a good interaction paints a response within
 * 200 ms of the input (Google's INP "good" bar, https://web.dev/articles/inp), also on a slow phone whose main thread is busy
 * loading the island the tap woke.
 *
 * - Pressed: the control under a pointerdown gets `data-pressed` (global.css shades it) until the frame after the pointer is
 *   lifted. CSS `:active` is not enough: on a busy main thread the press and the release are handled in one go, with no frame
 *   between them, so the pressed look is never painted; here it stays for at least one frame. A tap held for the island's code
 *   goes on showing busy (`data-waking`, src/shared/hydration/early-events.ts).
 * - Navigating: when the page starts leaving (a link, a form, a script's location change, back or forward), the root gets
 *   `data-navigating` and global.css draws a thin bar over the top of the viewport (fixed, so it shifts nothing) until the next
 *   page paints. The Navigation API's `navigate` event says so for every kind of navigation (Chromium since 102; the other engines in MDN's
 *   table, https://developer.mozilla.org/docs/Web/API/Navigation/navigate_event); a browser without it shows no bar.
 *   A navigation that ends without leaving (a 204, a stopped load) lets the bar fade out by itself (global.css).
 * Imported first by the boot script (chrome.ts), so its listeners run before any island's.
 */

/** What a pointer can press: buttons, links, a label (and the checkbox in it), a select, and the controls the early-event replay holds. */
const TAPPABLE = 'button,a[href],summary,label,select,[role=button],[data-replay]';
const PRESSED = 'data-pressed';
const NAVIGATING = 'data-navigating';

interface NavigateEvent extends Event {
  destination: { sameDocument: boolean };
  downloadRequest: string | null;
}
interface NavigationTarget {
  addEventListener(type: 'navigate', listener: (e: NavigateEvent) => void): void;
}

let pressed: Element | null | undefined;
const options = { capture: true, passive: true };
document.addEventListener('pointerdown', (e) => (pressed = (e.target as Element).closest?.(TAPPABLE))?.setAttribute(PRESSED, ''), options);
for (const type of ['pointerup', 'pointercancel'])
  document.addEventListener(
    type,
    () => {
      const el = pressed;
      // The first callback runs before the next frame (still pressed), the second before the one after.
      requestAnimationFrame(() => requestAnimationFrame(() => el?.removeAttribute(PRESSED)));
    },
    options,
  );

const root = document.documentElement;
(window as { navigation?: NavigationTarget }).navigation?.addEventListener(
  'navigate',
  (e) => e.destination.sameDocument || e.downloadRequest !== null || root.setAttribute(NAVIGATING, ''),
);
// A page restored from the back-forward cache comes back as it was left: without the bar.
addEventListener('pageshow', (e) => e.persisted && root.removeAttribute(NAVIGATING));
/**
 * Whether the page has begun to leave. Firefox rejects a page's pending dynamic imports as soon as a navigation starts ("error
 * loading dynamically imported module") while the page's code still runs: chrome.ts must not take that for a chunk a deploy
 * removed and reload the page in place of the navigation (a first tap on 去结算 reloaded the cart: the engines smoke of db17434).
 */
export const navigating = () => root.hasAttribute(NAVIGATING);
