/** The company pages' gate: with view control `company_part` off (or a backend without it) a company page is the 404 page. */
import { featureShown } from '#src/shared/view-control.ts';
import type { MemberPage } from '#src/features/member/page.ts';

export function gateCompany<T>(page: Exclude<MemberPage<T>, { kind: 'outage' }>): Exclude<MemberPage<T>, { kind: 'outage' }> {
  if (page.kind === 'ok' && !featureShown(page.shell.views, 'company_part'))
    return { kind: 'not-found', chrome: page.chrome, shell: page.shell };
  return page;
}

/** Yuan text of a limit. */
export const limitLabel = (n: number | null, price: (n: number) => string): string => (n === null ? '不限' : `¥${price(n)}`);
