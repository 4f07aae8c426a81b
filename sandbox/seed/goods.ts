/** The goods catalogue and its shops: 88 goods over every sub-category of `categories.ts`, ids 1001 onwards, SKU ids goodsId*100+n. */
import type { GoodsDetail, Shop } from '#src/shared/api/contract/catalog.ts';
import { bottledGoods } from './goods-data/bottled.ts';
import { cylinderGoods } from './goods-data/cylinders.ts';
import { liquidGoods } from './goods-data/liquid.ts';
import { onsiteGoods } from './goods-data/onsite.ts';
import { regulatorGoods } from './goods-data/regulators.ts';
import { shopSeeds } from './goods-data/shops.ts';
import { lateGoods, specialGoods } from './goods-data/special.ts';

export const goods: GoodsDetail[] = [
  ...specialGoods,
  ...bottledGoods,
  ...liquidGoods,
  ...onsiteGoods,
  ...cylinderGoods,
  ...regulatorGoods,
  ...lateGoods,
];

export const shops: Shop[] = shopSeeds.map((s) => ({
  ...s,
  goodsCount: goods.filter((g) => g.shop_id === s.id && g.marketEnable === 1).length,
}));
