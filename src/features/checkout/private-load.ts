/** How a checkout page loads a member's data: a visitor or an expired session asks for sign-in, a missing order is 404, a refusal carries the server's message, an outage is 503. */
import type { Api } from '#src/shared/api/client.ts';
import { ApiError, isOutage } from '#src/shared/api/errors.ts';
import { order, type OrderDetail, type PayType, type Transfer } from '#src/shared/api/contract/order.ts';
import { qrImage } from './qr.ts';

export type Loaded<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'visitor' }
  | { kind: 'not-found' }
  | { kind: 'refused'; message: string }
  | { kind: 'outage' };

/** Runs `load` with the member's client; `client` builds it from the token (apiFor on the server). */
export async function loadPrivate<T>(
  token: string | null,
  client: (token: string) => Api,
  load: (api: Api) => Promise<T>,
): Promise<Loaded<T>> {
  if (!token) return { kind: 'visitor' };
  try {
    return { kind: 'ok', data: await load(client(token)) };
  } catch (e) {
    if (isOutage(e)) return { kind: 'outage' };
    if (e instanceof ApiError && e.expired) return { kind: 'visitor' };
    if (e instanceof ApiError && e.status === 404) return { kind: 'not-found' };
    if (e instanceof ApiError) return { kind: 'refused', message: e.message };
    throw e;
  }
}

/** An order number from the query: digits only, else null (junk never reaches the API). */
export function snParam(value: string | null): string | null {
  return value && /^\d{6,32}$/.test(value) ? value : null;
}

export interface CashierQr {
  payType: PayType;
  image: string;
  expiresAt: number;
}

/**
 * What the cashier and pay-wait pages show: the order, its bank-transfer details while it can still be paid that way, and,
 * when `qrFor` is given and no transfer waits, that pay type's code drawn on the server (the page shows it without scripts).
 */
export async function loadCashier(
  client: Api,
  sn: string,
  qrFor?: PayType,
): Promise<{ detail: OrderDetail; transfer: Transfer | null; qr: CashierQr | null }> {
  const detail = await client.call(order.detail, { params: { sn } });
  const payable = detail.status === 'NEW' || detail.status === 'CONFIRM';
  const transfer = payable ? await client.call(order.transfer, { params: { sn } }) : null;
  let qr: CashierQr | null = null;
  if (payable && qrFor && transfer?.status === 'AWAITING_SLIP') {
    const code = await client.call(order.qrCode, { params: { id: detail.orderId }, input: { payType: qrFor, mode: 'NATIVE' } });
    qr = { payType: qrFor, image: await qrImage(code.codeUrl), expiresAt: code.expiresAt };
  }
  return { detail, transfer, qr };
}
