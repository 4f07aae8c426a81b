/** A goods' control class for its on-demand page (hazmat_part): null while the feature is off, for goods of no class, or when the call fails (the page shows as before). */
import { compliance, type GoodsCompliance } from '../api/contract/compliance.ts';
import { site } from '../api/contract/site.ts';
import { api } from '../api/server.ts';
import { featureShown } from '../features.ts';
import { memoByKey, memoFor } from '../memo.ts';

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
