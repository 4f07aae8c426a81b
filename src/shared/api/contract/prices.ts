/**
 * Agreed prices (an extension of the supplier's API, shown only while view control has `price_part` with isShow 1): the
 * price agreement (协议价) of the signed-in member's company, with quantity tiers, minimum order quantity and order multiple
 * per SKU. Cart and order pricing on the backend apply the same agreement, so these calls only show what checkout charges.
 *
 * For the back office. Calls live on the `buyer` base, need the member's bearer token and answer the usual envelope
 * `{ status, msg, data }`; they must be served `Cache-Control: private, no-store` (the shop's proxy adds it). Money in
 * integer fen, days YYYY-MM-DD in China time. Who sees prices: a member of the agreement's company whose company roles
 * include 管理员 (ADMIN) or 采购员 (BUYER), while the agreement is in force (validFrom <= today <= validTo); anyone else gets
 * `agreement: null` and no lines (never an error, so a page can always ask).
 *
 * | call | method, path | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- |
 * | goods | GET /prices/goods | `ids`: comma-separated goods ids (1-100), the goods on one page | `GoodsPrices`: the agreement's head and its lines of those goods' SKUs | 400 商品编号格式错误; 401 |
 * | agreement | GET /prices/agreement | - | `Agreement`: the head and every line, or null without one | 401 |
 *
 * Cart and order (the existing calls, on a backend with the feature): a cart line and a checkout line of a covered SKU are
 * priced at the tier of its quantity; `cart.add`/`cart.num` refuse a quantity under the minimum or off the multiple with
 * status 400 and `该商品协议起订量 N 瓶` / `须按 N 瓶的整数倍订购`; `order.create` refuses the same, and stores per line the
 * agreement number and the unit price placed at, which later changes of the agreement never touch.
 *
 * A backend without the feature answers these paths 404 and has no `price_part` entry: the shop then shows list prices.
 */
import * as v from 'valibot';
import { endpoint } from './core.ts';

const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const Fen = v.pipe(v.number(), v.integer(), v.minValue(0));
const Count = v.pipe(v.number(), v.integer(), v.minValue(1));
const auth = 'required' as const;

export const PriceTier = v.object({ minQty: Count, unitFen: Fen });

/** One SKU of the agreement. `tiers` ascend by `minQty`, the first starting at 1: its unitFen is the base agreed price. */
export const PriceLine = v.object({
  skuId: v.number(),
  goodsId: v.number(),
  goodsName: v.string(),
  specs: v.string(),
  unit: v.string(),
  /** The catalogue's list price, for the comparison. */
  listFen: Fen,
  tiers: v.pipe(v.array(PriceTier), v.minLength(1)),
  minQty: Count,
  multiple: Count,
});
export type PriceLine = v.InferOutput<typeof PriceLine>;

export const AgreementHead = v.object({
  agreementNo: v.string(),
  companyName: v.string(),
  validFrom: DateText,
  validTo: DateText,
});
export type AgreementHead = v.InferOutput<typeof AgreementHead>;

export const GoodsPrices = v.object({ agreement: v.nullable(AgreementHead), lines: v.array(PriceLine) });
export type GoodsPrices = v.InferOutput<typeof GoodsPrices>;

export const Agreement = v.nullable(v.object({ ...AgreementHead.entries, lines: v.array(PriceLine) }));
export type Agreement = v.InferOutput<typeof Agreement>;

/** At most 100 goods per page's call: a goods list page shows 16-48 goods, a goods page one and its related goods. */
export const GoodsIdsQuery = v.object({
  ids: v.pipe(v.string('商品编号格式错误'), v.regex(/^\d{1,12}(,\d{1,12}){0,99}$/, '商品编号格式错误')),
});

export const prices = {
  goods: endpoint({ name: 'prices.goods', method: 'GET', path: '/prices/goods', data: GoodsPrices, input: GoodsIdsQuery, auth }),
  agreement: endpoint({ name: 'prices.agreement', method: 'GET', path: '/prices/agreement', data: Agreement, auth }),
};
