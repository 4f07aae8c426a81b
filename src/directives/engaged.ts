/**
 * `client:engaged`: hydrate an island once the reader is using the page (scrolls, moves the pointer, touches, types) while the
 * island is on screen, or at once when the island itself is touched or focused. Likes and comments under a short article are
 * on screen at load: `client:visible` would load React with every such page, this waits for the reader (DESIGN §7 budget).
 * A tap on the island made while it loads is kept and replayed once it runs (`early-events.ts`).
 */
import type { ClientDirective } from 'astro';
import { holdEarlyEvents } from './early-events.ts';

/** Signs that someone is reading, anywhere on the page. */
const ACTIVITY = ['scroll', 'wheel', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const engaged: ClientDirective = (load, _options, el) => {
  let active = false;
  let onScreen = false;
  let started = false;
  // The island element itself has no box (display: contents); its children are what shows.
  const observer = new IntersectionObserver(
    (entries) => {
      onScreen = entries.some((e) => e.isIntersecting);
      if (onScreen && active) void start();
    },
    { rootMargin: '200px 0px' },
  );
  const onActivity = () => {
    active = true;
    if (onScreen) void start();
  };
  async function start() {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const e of ACTIVITY) window.removeEventListener(e, onActivity, true);
    const hydrate = await load();
    await hydrate();
  }
  holdEarlyEvents(el, () => void start());
  for (const child of Array.from(el.children)) observer.observe(child);
  for (const e of ACTIVITY) window.addEventListener(e, onActivity, { capture: true, passive: true });
};

export default engaged;
