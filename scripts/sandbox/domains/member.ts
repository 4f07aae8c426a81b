/** Sandbox domain: The member centre: company information, addresses, invoices, coupons, points, after-sales, service tickets, favourites. */
import type { Sandbox } from '../app.ts';

export function install(sb: Sandbox): void {
  void sb;
}
