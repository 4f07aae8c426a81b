/** Where a visitor's add-to-cart waiting for their login is kept (pending.ts), and whether one is: the boot script asks on every member page. */
export const PENDING_PREFIX = 'cart:pending:';

type Keys = Pick<Storage, 'key' | 'length'>;

export function hasPendingAdds(store: Keys): boolean {
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(PENDING_PREFIX)) return true;
  return false;
}
