/** The confirm-order page's server preview: every change asks /order/confirm again, and only the answer to the latest ask is shown. */
import { atom } from 'nanostores';
import { order, type Checkout, type ConfirmInput } from '#src/shared/api/contract/order.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';

export const $checkout = atom<Checkout | null>(null);
/** True while a recompute is out: the payable on screen may be about to change, so submit waits. */
export const $recomputing = atom(false);

let generation = 0;

/** Asks the server to price `input`; an answer overtaken by a newer ask is dropped. Resolves with the shown checkout, or null when overtaken. */
export async function recompute(input: ConfirmInput): Promise<Checkout | null> {
  const mine = ++generation;
  $recomputing.set(true);
  try {
    const next = await browserApi.call(order.confirm, { input, silent: true });
    if (mine !== generation) return null;
    $checkout.set(next);
    return next;
  } finally {
    if (mine === generation) $recomputing.set(false);
  }
}
