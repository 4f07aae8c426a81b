// @vitest-environment happy-dom
// The `client:interaction` directive keeps what is done on an island before it hydrates and replays it once, in order.
import { afterEach, describe, expect, it } from 'vitest';
import interaction from '#src/shared/hydration/interaction.ts';
import { WAKING_ATTR } from '#src/shared/hydration/early-events.ts';

/** A server-rendered island as Astro writes it (with `ssr`), and the directive attached to it. */
function island(html: string, value?: string) {
  const el = document.createElement('astro-island');
  el.setAttribute('ssr', '');
  el.innerHTML = html;
  document.body.append(el);
  const log: string[] = [];
  let release: () => void = () => undefined;
  const loaded = new Promise<void>((r) => (release = r));
  let loads = 0;
  /** What React does when it hydrates: handlers on the server's nodes (or new nodes), then Astro's signal. */
  let render: (root: HTMLElement) => void = () => undefined;
  const load = async () => {
    loads++;
    await loaded;
    return async () => {
      render(el);
      el.removeAttribute('ssr');
      el.dispatchEvent(new CustomEvent('astro:hydrate'));
    };
  };
  void interaction(load, { name: 'interaction', value: value as string }, el);
  return {
    el,
    log,
    loads: () => loads,
    onRender(fn: (root: HTMLElement) => void) {
      render = fn;
    },
    /** Lets the island's code arrive, and waits for the directive's promise chain. */
    async hydrate() {
      release();
      for (let i = 0; i < 5; i++) await Promise.resolve();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const listen = (root: HTMLElement, log: string[], selector: string, type: string, what: (t: HTMLElement) => string) => {
  for (const node of root.querySelectorAll<HTMLElement>(selector))
    node.addEventListener(type, (e) => log.push(what(e.currentTarget as HTMLElement)));
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('client:interaction keeps the first tap', () => {
  it('replays a click made before hydration once, after it, and starts hydration with it', async () => {
    const i = island('<div><button type="button" id="add">加入购物车</button></div>');
    i.onRender((root) => listen(root, i.log, 'button', 'click', (t) => `click ${t.id}`));
    const button = i.el.querySelector('button')!;
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(i.loads()).toBe(1);
    // Busy, not dead, while the code loads.
    expect(button.hasAttribute(WAKING_ATTR)).toBe(true);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(i.log).toEqual([]);
    await i.hydrate();
    expect(i.log).toEqual(['click add']);
    expect(button.hasAttribute(WAKING_ATTR)).toBe(false);
    // A click after hydration reaches the island directly and is not doubled.
    button.click();
    expect(i.log).toEqual(['click add', 'click add']);
  });

  it('keeps two clicks as two, in order', async () => {
    const i = island('<button type="button" id="a">A</button><button type="button" id="b">B</button>');
    i.onRender((root) => listen(root, i.log, 'button', 'click', (t) => t.id));
    const [a, b] = i.el.querySelectorAll('button');
    b!.click();
    a!.click();
    b!.click();
    await i.hydrate();
    expect(i.log).toEqual(['b', 'a', 'b']);
  });

  it('does not hold a click on a text field or a link', async () => {
    const i = island('<input type="text" name="q"><a href="/goods">全部商品</a>');
    i.onRender((root) => listen(root, i.log, 'input, a', 'click', (t) => t.tagName));
    const field = i.el.querySelector('input')!;
    const onField = new MouseEvent('click', { bubbles: true, cancelable: true });
    field.dispatchEvent(onField);
    const link = i.el.querySelector('a')!;
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.addEventListener('click', (e) => e.preventDefault()); // no navigation in the test document
    link.dispatchEvent(onLink);
    expect(onField.defaultPrevented).toBe(false);
    await i.hydrate();
    expect(i.log).toEqual([]);
  });

  it('toggles a checkbox tapped early once, through the island', async () => {
    const i = island('<label><input type="checkbox" id="all"> 全选</label>');
    i.onRender((root) => listen(root, i.log, 'input', 'click', (t) => `checked=${(t as HTMLInputElement).checked}`));
    const box = i.el.querySelector('input')!;
    box.click();
    expect(box.checked).toBe(false);
    await i.hydrate();
    expect(i.log).toEqual(['checked=true']);
    expect(box.checked).toBe(true);
  });

  it('hands a select choice made early to the island', async () => {
    const i = island('<select id="gas"><option value="nitrogen">氮气</option><option value="argon">氩气</option></select>');
    i.onRender((root) => listen(root, i.log, 'select', 'change', (t) => (t as HTMLSelectElement).value));
    const select = i.el.querySelector('select')!;
    select.value = 'argon';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await i.hydrate();
    expect(i.log).toEqual(['argon']);
  });

  it('replays an early submit and Enter outside a form', async () => {
    const i = island('<form><input name="phone"></form><input id="qty" type="number">');
    i.onRender((root) => {
      root.querySelector('form')!.addEventListener('submit', (e) => {
        e.preventDefault();
        i.log.push('submit');
      });
      root.querySelector('#qty')!.addEventListener('keydown', (e) => i.log.push(`key ${(e as KeyboardEvent).key}`));
    });
    const form = i.el.querySelector('form')!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    i.el.querySelector('#qty')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await i.hydrate();
    expect(i.log).toEqual(['submit', 'key Enter']);
  });

  it('finds the control again when hydration replaced the node', async () => {
    const i = island('<div><span>x</span><button type="button">领取</button></div>');
    i.onRender((root) => {
      // A client render that does not match the server's HTML builds new nodes.
      root.innerHTML = '<div><span>x</span><button type="button" id="new">领取</button></div>';
      listen(root, i.log, 'button', 'click', (t) => t.id);
    });
    i.el.querySelector('button')!.click();
    await i.hydrate();
    expect(i.log).toEqual(['new']);
  });

  it('keeps the tap on an island that waits for the reader (engaged) too', async () => {
    const i = island('<section><button type="button" aria-pressed="false">点赞</button></section>', 'engaged');
    i.onRender((root) => listen(root, i.log, 'button', 'click', () => 'like'));
    expect(i.loads()).toBe(0);
    i.el.querySelector('button')!.click();
    expect(i.loads()).toBe(1);
    await i.hydrate();
    expect(i.log).toEqual(['like']);
  });
});
