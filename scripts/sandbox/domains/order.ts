/** Sandbox domain: Orders: confirm, create, list and detail, status transitions, payment by QR code. */
import type { Sandbox } from '../app.ts';

export function install(sb: Sandbox): void {
  void sb;
}
