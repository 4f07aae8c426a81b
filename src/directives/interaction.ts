/**
 * `client:interaction`: hydrate an island on the visitor's first hover, focus, touch or click of it, so React never loads on
 * page load; the tap, click, submit or choice that woke it is kept and replayed once it runs (`early-events.ts`).
 */
import type { ClientDirective } from 'astro';
import { holdEarlyEvents } from './early-events.ts';

const EVENTS = ['pointerover', 'focusin', 'touchstart', 'pointerdown'] as const;

/** The value may name an ancestor selector to watch instead of the island itself, e.g. `client:interaction="[data-cart]"`. */
const interaction: ClientDirective = (load, options, el) => {
  const target = (typeof options.value === 'string' && el.closest(options.value)) || el;
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const e of EVENTS) target.removeEventListener(e, start);
    const hydrate = await load();
    await hydrate();
  };
  holdEarlyEvents(el, () => void start());
  for (const e of EVENTS) target.addEventListener(e, start, { passive: true });
};

export default interaction;
