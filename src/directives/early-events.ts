/**
 * Keeps what a visitor does on a server-rendered island before its code has run (a tap on a control, a form submit, Enter
 * in a field, a choice in a select) and replays it, in order and once, when the island hydrates: the tap that wakes an
 * island is the one that would otherwise be lost. Used by the `client:interaction` and `client:engaged` directives.
 */

/** Controls whose click does nothing until the island's code runs. Links with an address and text fields work without it. */
const CONTROLS = [
  'button',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="submit"]',
  'input[type="button"]',
  'input[type="image"]',
  'a:not([href])',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[data-replay]',
].join(', ');

/** Marks a control whose tap is kept, so it shows as busy (not dead) until the island answers it. */
export const WAKING_ATTR = 'data-waking';

type Held =
  | { kind: 'click'; node: Element; path: number[] }
  | { kind: 'submit'; node: Element; path: number[] }
  | { kind: 'enter'; node: Element; path: number[] }
  | { kind: 'choice'; node: Element; path: number[]; value: string };

/** Child indexes from the island to the node, to find the node again if hydration replaced it. */
function pathOf(island: Element, node: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = node; n && n !== island; n = n.parentElement) {
    path.unshift(n.parentElement ? Array.prototype.indexOf.call(n.parentElement.children, n) : 0);
  }
  return path;
}

function byPath(island: Element, path: number[]): Element | null {
  let n: Element | undefined = island;
  for (const i of path) n = n?.children[i];
  return n ?? null;
}

/** The node now standing where the held one stood: itself while React kept it, else the node at the same place with the same tag. */
function current(island: Element, held: Held): HTMLElement | null {
  if (held.node.isConnected && island.contains(held.node)) return held.node as HTMLElement;
  const found = byPath(island, held.path);
  return found instanceof HTMLElement && found.tagName === held.node.tagName ? found : null;
}

function replay(island: Element, held: Held): void {
  held.node.removeAttribute(WAKING_ATTR);
  const node = current(island, held);
  if (!node) return;
  node.removeAttribute(WAKING_ATTR);
  switch (held.kind) {
    case 'click':
      // click() runs the control's default action too: a checkbox toggles, a submit button submits its form.
      node.click();
      break;
    case 'submit':
      if (node instanceof HTMLFormElement) node.requestSubmit();
      break;
    case 'enter':
      node.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
      break;
    case 'choice':
      if (node instanceof HTMLSelectElement) {
        node.value = held.value;
        node.dispatchEvent(new Event('input', { bubbles: true }));
        node.dispatchEvent(new Event('change', { bubbles: true }));
      }
      break;
  }
}

/**
 * Holds the island's early events from now until it hydrates (Astro removes its `ssr` attribute and fires `astro:hydrate`),
 * then replays them. `wake` is called with each held event, so an event that arrives without a pointer or focus first
 * (a keyboard, a script) still starts the island.
 */
export function holdEarlyEvents(island: HTMLElement, wake: () => void): void {
  const held: Held[] = [];
  const early = () => island.hasAttribute('ssr');
  const keep = (e: Event, entry: Held) => {
    // The island answers it once it runs; until then nothing else should (a checkbox would toggle, a form would leave the page).
    e.preventDefault();
    e.stopPropagation();
    entry.node.setAttribute(WAKING_ATTR, '');
    held.push(entry);
    wake();
  };
  const onClick = (e: Event) => {
    if (!early() || !(e.target instanceof Element)) return;
    const control = e.target.closest(CONTROLS);
    if (!control || !island.contains(control) || control.matches(':disabled')) return;
    keep(e, { kind: 'click', node: control, path: pathOf(island, control) });
  };
  const onSubmit = (e: Event) => {
    if (!early() || !(e.target instanceof HTMLFormElement)) return;
    keep(e, { kind: 'submit', node: e.target, path: pathOf(island, e.target) });
  };
  // Enter in a form's field submits it (held above as the submit button's click or the submit); outside a form it is kept.
  const onKey = (e: Event) => {
    const k = e as KeyboardEvent;
    const field = k.target;
    if (!early() || k.key !== 'Enter' || k.isComposing || !(field instanceof HTMLInputElement) || field.form) return;
    if (field.matches(CONTROLS)) return;
    keep(e, { kind: 'enter', node: field, path: pathOf(island, field) });
  };
  // A select's choice is made natively; only the island's answer to it waits. The last choice per select is kept.
  const onChange = (e: Event) => {
    const select = e.target;
    if (!early() || !(select instanceof HTMLSelectElement)) return;
    const at = held.findIndex((h) => h.kind === 'choice' && h.node === select);
    if (at >= 0) held.splice(at, 1);
    held.push({ kind: 'choice', node: select, path: pathOf(island, select), value: select.value });
    wake();
  };
  const listeners: [string, (e: Event) => void][] = [
    ['click', onClick],
    ['submit', onSubmit],
    ['keydown', onKey],
    ['change', onChange],
  ];
  for (const [type, fn] of listeners) island.addEventListener(type, fn, true);
  const stop = () => {
    for (const [type, fn] of listeners) island.removeEventListener(type, fn, true);
  };
  island.addEventListener(
    'astro:hydrate',
    () => {
      stop();
      // At once and in order: a tap made from now on goes to React directly, after these. React hydrates the island
      // synchronously for the first of them (its effects run first), so each handler sees the hydrated island.
      for (const entry of held.splice(0)) replay(island, entry);
    },
    { once: true },
  );
  island.addEventListener(
    'astro:hydration-error',
    () => {
      stop();
      for (const entry of held.splice(0)) entry.node.removeAttribute(WAKING_ATTR);
    },
    { once: true },
  );
}
