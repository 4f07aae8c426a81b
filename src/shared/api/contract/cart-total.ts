/**
 * The cart total call on its own module: the header's badge reads it on every page (stores/cart-count.ts), and importing the
 * whole cart contract for it put every cart schema into the JavaScript of each content page. cart.ts lists it with the others.
 */
import * as v from 'valibot';
import { endpoint } from './core.ts';
import { CART_TOTAL_PATH } from '#src/boot/count-signal.ts';

export const CartTotal = v.object({ cartTotal: v.number(), cartNum: v.number(), checkedNum: v.number() });
export type CartTotal = v.InferOutput<typeof CartTotal>;

export const cartTotal = endpoint({ name: 'cart.total', method: 'GET', path: CART_TOTAL_PATH, data: CartTotal, auth: 'required' });
