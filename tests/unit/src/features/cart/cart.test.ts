// @vitest-environment happy-dom
// "Who is signed in" has one answer, $profile, and the member's stores react to it: the cart and its badge empty when the
// member goes, and what a visitor asked for before signing in completes once, in the cart's reaction to the member, which
// the login waits for (signInSettled).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as { name: string; input: unknown }[]);
const dialogs = vi.hoisted(() => ({ opened: [] as (string | undefined)[] }));
vi.mock('#src/shared/session/dialogs.ts', () => ({ openLogin: (forward?: string) => void dialogs.opened.push(forward) }));
const cartList = { cartNum: 1, shops: [] } as never;
vi.mock('#src/shared/api/browser-api.ts', () => ({
  browserApi: {
    call: async (endpoint: { name: string }, options: { input?: unknown } = {}) => {
      calls.push({ name: endpoint.name, input: options.input });
      await new Promise((r) => setTimeout(r, 5));
      return cartList;
    },
  },
}));

const { $profile, signInSettled } = await import('#src/shared/session/session.ts');
const { $cart, addToCart, buyNow, initCart } = await import('#src/features/cart/cart.ts');
const { $cartCount } = await import('#src/features/cart/cart-count.ts');
const { rememberAdd } = await import('#src/features/cart/pending.ts');

const member = { uid: 7, phone: '138****8000', username: '王工' };

beforeEach(() => {
  calls.length = 0;
  dialogs.opened.length = 0;
  sessionStorage.clear();
  $profile.set(null);
});

describe('stores that follow $profile', () => {
  it('empties the cart and its badge when the member goes', () => {
    $profile.set(member);
    initCart({ cartNum: 2, shops: [] } as never);
    expect($cart.get()).not.toBeNull();
    expect($cartCount.get()).toBe(2);
    $profile.set(null);
    expect($cart.get()).toBeNull();
    expect($cartCount.get()).toBe(0);
  });

  it('completes a visitor’s add once when the member signs in, and the sign-in waits for it', async () => {
    rememberAdd(sessionStorage, 1001, 3, Date.now());
    $profile.set(member);
    await signInSettled();
    expect(calls.filter((c) => c.name === 'cart.add')).toEqual([{ name: 'cart.add', input: { sku_id: 1001, num: 3, way: 'CART' } }]);
    expect($cartCount.get()).toBe(1);
    expect(sessionStorage.length).toBe(0);
    // The same member again (a re-read of the cookie) and another sign-in find nothing left to add.
    $profile.set({ ...member });
    $profile.set(null);
    $profile.set(member);
    await signInSettled();
    expect(calls.filter((c) => c.name === 'cart.add')).toHaveLength(1);
  });

  it('keeps a visitor’s 加入购物车 and 立即购买 (SKU and quantity) for the sign-in, and asks for it', async () => {
    await addToCart(100102, 2);
    await buyNow(100103, 4);
    expect(calls).toEqual([]);
    // The add asks for the sign-in on this page; 立即购买 goes on to the confirm page after it.
    expect(dialogs.opened).toEqual([undefined, '/Confirmorder?way=BUY_NOW']);
    $profile.set(member);
    await signInSettled();
    expect(calls.filter((c) => c.name === 'cart.add').map((c) => c.input)).toEqual([
      { sku_id: 100102, num: 2, way: 'CART' },
      { sku_id: 100103, num: 4, way: 'BUY_NOW' },
    ]);
    expect(sessionStorage.length).toBe(0);
  });

  it('has no import circle: the error handler does not load the cart', () => {
    const source = readFileSync('src/shared/api/api-errors.ts', 'utf8');
    expect(source).not.toMatch(/import\(?[^;]*['"]\.\/cart(-count)?\.ts['"]/);
  });
});
