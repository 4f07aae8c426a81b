/** The cylinder pages' gate: a member page of the feature is the 404 page while view control does not show `cylinder_part`. */
import { featureShown } from '#src/shared/view-control.ts';
import type { MemberPage } from '#src/features/member/page.ts';

type Shown<T> = Exclude<MemberPage<T>, { kind: 'outage' }>;

export function gateCylinders<T>(page: Shown<T>): Shown<T> {
  if (page.kind === 'ok' && !featureShown(page.shell.views, 'cylinder_part'))
    return { kind: 'not-found', chrome: page.chrome, shell: page.shell };
  return page;
}

/** Where the member's cylinder pages live. */
export const myCylindersUrl = (q: { gasId?: number; filter?: string; pageNumber?: number } = {}): string => {
  const p = new URLSearchParams();
  if (q.gasId) p.set('gas', String(q.gasId));
  if (q.filter) p.set('filter', q.filter);
  if (q.pageNumber && q.pageNumber > 1) p.set('pageNumber', String(q.pageNumber));
  const s = p.toString();
  return s ? `/member/my-cylinders?${s}` : '/member/my-cylinders';
};
export const cylinderUrl = (serial: string): string => `/cylinder/${encodeURIComponent(serial)}`;
export const returnsUrl = (): string => '/member/my-cylinders/returns';
export const returnUrl = (id: number): string => `/member/my-cylinders/returns/detail?id=${id}`;
export const newReturnUrl = (serials: readonly string[] = []): string =>
  serials.length
    ? `/member/my-cylinders/returns/new?${serials.map((s) => `serial=${encodeURIComponent(s)}`).join('&')}`
    : '/member/my-cylinders/returns/new';
export const statementUrl = (month?: string): string =>
  month ? `/member/my-cylinders/statement?month=${month}` : '/member/my-cylinders/statement';
