/** A goods card's add-to-cart: looks the goods up and adds one of its cheapest SKU in stock; loaded on the first click only. */
import { browserApi } from '#src/shared/api/browser-api.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { addToCart } from './cart.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { cardSku } from './view.ts';

export async function addGoodsToCart(goodsId: number): Promise<void> {
  let detail;
  try {
    detail = await browserApi.call(catalog.goodsDetail, { params: { id: goodsId }, silent: true });
  } catch (e) {
    handleApiError(e);
    return;
  }
  const sku = detail.marketEnable === 1 ? cardSku(detail.skus) : null;
  if (!sku) {
    toast.error(detail.marketEnable === 1 ? '商品已售罄' : '商品已下架');
    return;
  }
  await addToCart(sku.sku_id, 1);
}
