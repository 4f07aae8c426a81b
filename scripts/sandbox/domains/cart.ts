/** Sandbox domain: The shopping cart: lines per shop, quantities, checks, totals and activities. */
import type { Sandbox } from '../app.ts';

export function install(sb: Sandbox): void {
  void sb;
}
