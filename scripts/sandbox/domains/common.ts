/** Sandbox domain: Shared services: regions of China to town level, city list, upload. */
import type { Sandbox } from '../app.ts';

export function install(sb: Sandbox): void {
  void sb;
}
