/**
 * The header's cart badge across tabs: the cart store writes the member's count of shops under this localStorage key when it
 * changes, and every other open tab of the site hears it (a `storage` event) and repaints its badge at once, without a request.
 * Also the path of the count itself (contract/cart-total.ts declares the call with it; the boot script reads it without the contract).
 */
export const CART_COUNT_KEY = 'gas:cart-count';
export const CART_TOTAL_PATH = '/cart/total';
/** Window event the cart count store fires in this tab when the count changes (detail: the count): the boot script repaints the badge. */
export const CART_COUNT_EVENT = 'gas:cart-count';
