// @vitest-environment happy-dom
// "Who is signed in" has one answer, $profile, and the member's stores react to it: the cart and its badge empty when the
// member goes, and an add asked for before signing in completes once, when a member is here, whoever asks for it.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as { name: string; input: unknown }[]);
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

const { $profile } = await import('#src/shared/session/session.ts');
const { $cart, initCart, finishPendingAdds } = await import('#src/features/cart/cart.ts');
const { $cartCount } = await import('#src/features/cart/cart-count.ts');
const { rememberAdd } = await import('#src/features/cart/pending.ts');

const member = { uid: 7, phone: '138****8000', username: '王工' };

beforeEach(() => {
  calls.length = 0;
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

  it('completes a visitor’s add once when the member signs in, and a second ask waits for the same work', async () => {
    rememberAdd(sessionStorage, 1001, 3, Date.now());
    $profile.set(member);
    await finishPendingAdds();
    expect(calls.filter((c) => c.name === 'cart.add')).toEqual([{ name: 'cart.add', input: { sku_id: 1001, num: 3, way: 'CART' } }]);
    await finishPendingAdds();
    expect(calls.filter((c) => c.name === 'cart.add')).toHaveLength(1);
  });

  it('has no import circle: the error handler does not load the cart', () => {
    const source = readFileSync('src/shared/api/api-errors.ts', 'utf8');
    expect(source).not.toMatch(/import\(?[^;]*['"]\.\/cart(-count)?\.ts['"]/);
  });
});
