/**
 * Keeps what a visitor does on a server-rendered island before its code has run (a tap on a control, a form submit, Enter
 * in a field outside a form, a choice in a select) and replays it, in order and once, when the island hydrates: the tap
 * that wakes an island is the one that would otherwise be lost. Inlined into every page by `client:interaction`: kept small.
 */

/** Controls whose click does nothing until the island runs (`data-replay` adds one). Links with an address and text fields work without it. */
const CONTROLS =
  'button,[type=checkbox],[type=radio],[type=submit],a:not([href]),[role=button],[role=link],[role=tab],[role=option],[data-replay]';
const TYPES = ['click', 'submit', 'keydown', 'change'];

/** Marks a control whose tap is kept, so it shows as busy (not dead) until the island answers it (global.css). */
export const WAKING_ATTR = 'data-waking';

/** What was done: the event type, the node, its path of child indexes from the island, and a select's chosen value. */
type Held = [type: string, node: Element, path: number[], value?: string];

/**
 * Holds the island's early events from now until it hydrates (Astro drops its `ssr` attribute and fires `astro:hydrate`),
 * then replays them. `wake` is called with each, so a click without a pointer or focus first (keyboard, script) starts the island.
 */
export function holdEarlyEvents(island: HTMLElement, wake: () => void): void {
  let held: Held[] = [];
  const hold = (e: Event) => {
    const t = e.target as Element;
    let node: Element | null = null;
    let value: string | undefined;
    if (e.type == 'click') node = t.closest(CONTROLS);
    else if (e.type == 'submit') node = t;
    // Enter in a form's field submits it (held as its button's click or the submit); outside a form the key itself is kept.
    else if (e.type == 'keydown')
      node = (e as KeyboardEvent).key == 'Enter' && t instanceof HTMLInputElement && !t.form && !t.matches(CONTROLS) ? t : null;
    // A select's choice is made natively; the island is told the last one.
    else if (t instanceof HTMLSelectElement) (node = t), (value = t.value), (held = held.filter((h) => h[1] != t));
    if (!node) return;
    if (value === undefined) {
      // Until the island answers, nothing else should: a checkbox would toggle, a form would leave the page.
      e.preventDefault();
      e.stopPropagation();
      node.setAttribute(WAKING_ATTR, '');
    }
    const path: number[] = [];
    for (let n = node; n != island && n.parentElement; n = n.parentElement) path.unshift([...n.parentElement.children].indexOf(n));
    held.push([e.type, node, path, value]);
    wake();
  };
  for (const type of TYPES) island.addEventListener(type, hold, true);
  island.addEventListener(
    'astro:hydrate',
    () => {
      for (const type of TYPES) island.removeEventListener(type, hold, true);
      // At once and in order, before any later tap (which goes to React directly). React hydrates the island synchronously
      // for the first (its effects run first), so each handler sees the live island.
      for (const [type, node, path, value] of held) {
        node.removeAttribute(WAKING_ATTR);
        // The node React kept, else the one now at the same place (a client render may have replaced it).
        const n = node.isConnected ? node : path.reduce<Element | undefined>((m, i) => m?.children[i], island);
        if (!(n instanceof HTMLElement) || n.tagName != node.tagName) continue;
        // click() runs the default action too: a checkbox toggles, a submit button submits its form.
        if (type == 'click') n.click();
        else if (n instanceof HTMLFormElement) n.requestSubmit();
        else if (type == 'keydown') n.dispatchEvent(new KeyboardEvent(type, { key: 'Enter', bubbles: true }));
        else if (n instanceof HTMLSelectElement) (n.value = value!), n.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
    { once: true },
  );
}
