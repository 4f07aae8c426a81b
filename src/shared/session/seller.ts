/**
 * Seller-side credentials a seller login may leave on this domain, as cookies and in localStorage under the same names; a
 * logout removes them too (docs/product.md §4). Not in src/boot/: only the logout endpoint and signOut() need them.
 */
export const SELLER_KEYS = ['seller_at', 'seller_rt', 'seller_shop', 'seller_uid', 'seller_user'] as const;
