/** The sample certificate a certified goods' page shows (docs/gas-features.md): only for the specialty-gas line, only while coa_part is on. */
import type { GoodsDetail } from '#src/shared/api/contract/catalog.ts';
import { certificates, type Certificate } from '#src/shared/api/contract/certificates.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { api } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';

/** 特种气体 (docs/product.md §1 product line 1): standard, high-purity and other certified gases. */
const CERTIFIED_LINE = 1;

export async function goodsSample(goods: Pick<GoodsDetail, 'id' | 'categoryPid'>): Promise<Certificate | null> {
  if (goods.categoryPid !== CERTIFIED_LINE) return null;
  const [views, sample] = await Promise.all([
    api.call(site.viewControl).catch(() => []),
    api.call(certificates.sample, { params: { goodsId: goods.id } }).catch(() => null),
  ]);
  return featureShown(views, 'coa_part') ? sample : null;
}
