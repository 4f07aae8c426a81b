/** The standing-order pages' gate and addresses: a page of the feature is the 404 page while view control does not show `standing_part`. */
import { featureShown } from '#src/shared/view-control.ts';
import type { MemberPage } from '#src/features/member/page.ts';

type Shown<T> = Exclude<MemberPage<T>, { kind: 'outage' }>;

export function gateStanding<T>(page: Shown<T>): Shown<T> {
  if (page.kind === 'ok' && !featureShown(page.shell.views, 'standing_part'))
    return { kind: 'not-found', chrome: page.chrome, shell: page.shell };
  return page;
}

export const standingListUrl = (pageNumber = 1): string =>
  pageNumber > 1 ? `/member/my-standing-orders?pageNumber=${pageNumber}` : '/member/my-standing-orders';
export const newStandingUrl = (): string => '/member/my-standing-orders/new';
export const editStandingUrl = (id: number): string => `/member/my-standing-orders/edit?id=${id}`;
