/** Sandbox domain: Knowledge and company content: gas encyclopedia, application cases, news, community, service and policy articles, comments and likes. */
import type { Sandbox } from '../app.ts';

export function install(sb: Sandbox): void {
  void sb;
}
