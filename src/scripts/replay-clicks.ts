/** Keeps the clicks made on a server-rendered island while its code is still loading, and replays them in order once it has hydrated, so the first tap is never lost. */

/** Controls whose click does something only once React runs; links and text fields work without it. */
const REPLAYED = 'button, input[type="checkbox"]';

export function replayEarlyClicks(island: HTMLElement): void {
  const early: HTMLElement[] = [];
  const hold = (e: Event) => {
    const control = (e.target as Element | null)?.closest<HTMLElement>(REPLAYED);
    if (!control || !island.hasAttribute('ssr')) return;
    // Stops a checkbox from toggling on its own; the replayed click toggles it through React.
    e.preventDefault();
    e.stopPropagation();
    early.push(control);
  };
  island.addEventListener('click', hold, true);
  island.addEventListener(
    'astro:hydrate',
    () => {
      island.removeEventListener('click', hold, true);
      setTimeout(() => {
        for (const control of early.splice(0)) if (control.isConnected) control.click();
      });
    },
    { once: true },
  );
}
