/** Which after-sales a member may ask for on an order, mirroring the backend's rules so the form offers only what it will accept. */
import type { AfterSaleStatus, AfterSaleType } from '#src/shared/api/contract/member.ts';
import type { OrderDetail, OrderStatus } from '#src/shared/api/contract/order.ts';
import type { Tone } from './format.ts';

const FROM: Record<AfterSaleType, OrderStatus[]> = {
  RETURN: ['ROG', 'COMPLETE'],
  EXCHANGE: ['ROG', 'COMPLETE'],
  CYLINDER_RETURN: ['ROG', 'COMPLETE'],
  REFUND: ['PAID_OFF', 'ROG', 'COMPLETE'],
};

/** The types open for an order: by its status (before any after-sales began), cylinder returns only when a line carries a deposit. */
export function afterSaleTypes(o: Pick<OrderDetail, 'status' | 'logs' | 'lines'>): AfterSaleType[] {
  // An order in after-sales answers for the status it had before.
  const base =
    o.status === 'AFTER_SERVICE' ? ([...o.logs].reverse().find((l) => l.status !== 'AFTER_SERVICE')?.status ?? o.status) : o.status;
  return (Object.keys(FROM) as AfterSaleType[]).filter(
    (t) => FROM[t].includes(base) && (t !== 'CYLINDER_RETURN' || o.lines.some((l) => l.deposit > 0)),
  );
}

export const AFTER_SALE_TONE: Record<AfterSaleStatus, Tone> = {
  APPLY: 'warn',
  PASS: 'info',
  REFUSE: 'danger',
  COMPLETE: 'ok',
  CANCELLED: 'muted',
};
