/** A goods' control class for its on-demand page (hazmat_part): null while the feature is off, for goods of no class, or when the call fails (the page shows as before). */
import { compliance, type GoodsCompliance } from '#src/shared/api/contract/compliance.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { api } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { memoByKey, memoFor } from '#src/shared/memo.ts';

const cachedViews = memoFor(60_000, () => api.call(site.viewControl));
const cachedCompliance = memoByKey(60_000, 500, (id: string) => api.call(compliance.goods, { params: { id } }));

export async function goodsControl(id: string): Promise<NonNullable<GoodsCompliance['control']> | null> {
  try {
    const [views, c] = await Promise.all([cachedViews(), cachedCompliance(id)]);
    return featureShown(views, 'hazmat_part') ? c.control : null;
  } catch {
    return null;
  }
}
