/**
 * `client:interaction`: hydrate an island on the visitor's first hover, focus, touch or click of it, so React never loads on
 * page load; the tap, click, submit or choice that woke it is kept and replayed once it runs (`early-events.ts`).
 *
 * The value may name an ancestor to watch instead of the island, e.g. `client:interaction="[data-cart]"`, or be `engaged`:
 * then the island also wakes once the reader uses the page (scrolls, moves the pointer, touches, types) while it is on screen.
 * Likes and comments under a short article are on screen at load: `client:visible` would load React with every such page,
 * this waits for the reader (docs/architecture.md §7 budget). One directive, so a page inlines the replay code once.
 */
import type { ClientDirective } from 'astro';
import { holdEarlyEvents } from './early-events.ts';

const EVENTS = ['pointerover', 'focusin', 'touchstart', 'pointerdown'];
/** Signs that someone is reading, anywhere on the page. */
const ACTIVITY = ['scroll', 'wheel', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'];

const interaction: ClientDirective = (load, { value }, el) => {
  const engaged = value == 'engaged';
  const target = (!engaged && typeof value == 'string' && el.closest(value)) || el;
  let started = false;
  let onScreen = false;
  let active = false;
  const start = async () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    for (const e of EVENTS) target.removeEventListener(e, start);
    for (const e of ACTIVITY) window.removeEventListener(e, onActivity, true);
    await (await load())();
  };
  const onActivity = () => {
    active = true;
    if (onScreen) void start();
  };
  // The island element has no box (display: contents); its children are what shows.
  const observer = engaged
    ? new IntersectionObserver(
        (entries) => {
          onScreen = entries.some((e) => e.isIntersecting);
          if (onScreen && active) void start();
        },
        { rootMargin: '200px 0px' },
      )
    : null;
  holdEarlyEvents(el, () => void start());
  for (const e of EVENTS) target.addEventListener(e, start, { passive: true });
  if (observer) {
    for (const child of el.children) observer.observe(child);
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { capture: true, passive: true });
  }
};

export default interaction;
