/** The unread messages count of the shortcut bar (docs/product.md §4): polled every 5 minutes while a member is logged in and the tab is visible. */
import { cartBadgeText } from './chrome-rules.ts';
/** docs/product.md §9: unread poll interval. */
export const UNREAD_POLL_MS = 300_000;
/** Path of the unread count on the buyer API (the contract's `auth.unread` uses it too). */
export const UNREAD_PATH = '/message/unread';
/** The field of its answer the header's badge reads (the contract's `auth.unread` declares the whole answer). */
export const UNREAD_FIELD = 'total';

/** Badge text of the count: nothing at 0, '99+' above 99 (the cart badge's rule, chrome-rules.ts). */
export const unreadText: (total: number) => string = cartBadgeText;
