/** The events the order domain (order.ts) emits; app.ts composes every domain's events into `SandboxEvents`. */
import type { Checkout } from '#src/shared/api/contract/order.ts';
import type { Db } from '../db.ts';
import type { AfterSaleRec, OrderRec } from '../records.ts';

export interface OrderEvents {
  /**
   * Confirmorder's preview is being answered: a listener may add what its feature shows there (the answer is the contract's
   * `Checkout`, extended with optional fields in the feature's own contract module) or refuse with `Fail`.
   */
  'order.confirming': { db: Db; now: number; uid: number; input: Record<string, unknown>; checkout: Checkout };
  /**
   * An order is about to be stored (not yet inserted; `order.id` is final): a listener may refuse it with `Fail` (a rule the
   * client cannot bypass), change its status, or keep rows of its own keyed by `order.id`. `input` is the validated body.
   */
  'order.creating': { db: Db; now: number; uid: number; input: Record<string, unknown>; order: OrderRec };
  /**
   * The warehouse shipped an order (the ship hook). The cylinder domain (installed first) puts the serials it delivered per
   * line position into `serials`; the certificate domain then issues certificates for those serials (or its own when no
   * cylinder domain is installed).
   */
  'order.shipped': { db: Db; now: number; order: OrderRec; serials: Map<number, string[]> };
  /** An after-sales application was completed (the review hook's COMPLETE): the e-invoice domain starts a red-letter request for a return. */
  'aftersale.completed': { db: Db; now: number; order: OrderRec; afterSale: AfterSaleRec };
}
