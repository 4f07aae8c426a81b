/**
 * Reads and paints the header's dynamic parts (greeting, unread badge, cart badge): the one place that knows their markup
 * (ShortcutBar.astro, CartLink.astro, SideBar.astro). The boot script paints them on load; the lazily loaded chrome
 * (chrome-intent.ts) repaints them when the stores change and polls the unread count. No store or API client here: it is on every page.
 */
import { cartBadgeText } from './chrome-rules.ts';
import { CART_TOTAL_PATH } from './count-signal.ts';
import { peekNumber } from './peek-number.ts';
import { proxyBase } from './proxy-path.ts';
import { greetingName, type Profile } from './profile.ts';
import { UNREAD_FIELD, UNREAD_PATH, unreadText } from './unread.ts';

const $$ = (selector: string) => Array.from(document.querySelectorAll<HTMLElement>(selector));

/** Guest links or the member's name. The two rows share one reserved line (ShortcutBar.astro), so swapping them shifts nothing. */
export function paintProfile(p: Profile | null): void {
  for (const el of $$('[data-when="guest"]')) el.hidden = Boolean(p);
  for (const el of $$('[data-when="member"]')) el.hidden = !p;
  if (p) for (const el of $$('[data-profile-name]')) el.textContent = greetingName(p);
}

/** The count of shops in the cart; empty (hidden) at 0. */
export function paintCart(n: number): void {
  const text = cartBadgeText(n);
  for (const el of $$('[data-cart-count]')) {
    el.textContent = text;
    el.hidden = text === '';
    el.setAttribute('aria-label', `购物车中有 ${n} 家店铺的商品`);
  }
}

/** Unread messages; hidden at 0. */
export function paintUnread(total: number): void {
  const text = unreadText(total);
  for (const el of $$('[data-unread-count]')) el.textContent = text;
  for (const el of $$('[data-unread]')) {
    el.hidden = text === '';
    el.setAttribute('aria-label', `未读消息 ${total} 条`);
  }
}

/** Reads the member's count of shops in the cart into the badge; a failure keeps the last one (the badge is not worth an error). */
export const refreshCart = (): void =>
  void peekNumber(`${proxyBase('buyer')}${CART_TOTAL_PATH}`, 'cartNum').then((n) => n !== null && paintCart(n));

/** Reads the unread messages count into the header; errors are ignored (docs/product.md §8). */
export const refreshUnread = (): void =>
  void peekNumber(`${proxyBase('buyer')}${UNREAD_PATH}`, UNREAD_FIELD).then((n) => n !== null && paintUnread(n));
