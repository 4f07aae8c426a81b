/**
 * Quick order and purchase lists (an extension of the supplier's API, shown only while view control has `quick_part` with
 * isShow 1): lines a buyer pasted, typed or uploaded are resolved to SKUs, the valid ones go into the cart in one request,
 * and a company keeps named purchase lists its members share. Rules and formats: docs/quick-order.md.
 *
 * For the back office. Calls live on the `buyer` base, need the member's bearer token and answer the usual envelope
 * `{ status, msg, data }`; they must be served `Cache-Control: private, no-store` (prices of the member's company). Money in
 * integer fen.
 *
 * | call | method, path | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- |
 * | resolve | POST /quick/resolve | `lines`: 1-500 of `{ code, qty }` | `{ lines: ResolvedLine[] }` in input order | 400 最多 500 行 …; 401 |
 * | add | POST /quick/add | `lines`: 1-99 of `{ skuId, qty }` | `{ added, failed: { skuId, msg }[], cartNum }` | 400; 401 |
 * | lists | GET /quick/lists | `pageNumber`, `pageSize` | page of `ListSummary`, plus `canEdit` | 401 |
 * | list | GET /quick/lists/{id} | - | `ListDetail` (lines resolved as now) | 404 清单不存在; 401 |
 * | saveList | POST /quick/lists/save | `{ id?, name, lines }` (1-200 lines) | `{ id }` | 400 …; 403 只有采购员可以编辑清单; 404 |
 * | deleteList | POST /quick/lists/delete | `{ id }` | null | 403; 404 |
 *
 * Resolving a code (`resolve`, and each line of a list): a goods id → that goods' first SKU; a SKU id → that SKU; a CAS
 * number (dashes or not), a UN number (UN1066), a formula (N2, CO₂), a gas's name, trade name or pinyin (the search's rewrite,
 * contract/catalog.ts) → the goods of that gas, the company's agreed SKU first, then the best-selling; any other text → the
 * goods whose name or parameters contain it. A bare number that is both a goods id and a UN number is AMBIGUOUS.
 * `status` of a line: OK (addable), AMBIGUOUS (pick one of `candidates`), UNKNOWN, DISCONTINUED (the goods is no longer
 * sold; `candidates` are what is), PERMIT (a controlled gas the company's permits do not cover; docs/gas-features.md),
 * QUANTITY (under the agreed minimum or off its multiple; `suggestQty`), STOCK (more than is left). `message` says it in
 * Chinese. The price is the company's agreed tier at the quantity where its agreement covers the SKU, else the list price.
 *
 * Lists belong to the member's company (with company buying on; else to the member): every member sees and uses them,
 * those with the role 管理员 or 采购员 (or a member on their own) create, edit and delete them (`canEdit`).
 *
 * A backend without the feature answers these paths 404 and has no `quick_part` entry: the shop then hides the pad, the
 * lists and their links.
 */
import * as v from 'valibot';
import { endpoint, form, page, PageQuery } from './core.ts';

const auth = 'required' as const;
const Fen = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Lines one resolve call takes (docs/architecture.md §7: 500 lines within 2 s). */
export const QUICK_MAX_LINES = 500;
/** Lines one add call takes: the cart's distinct lines. */
export const QUICK_MAX_ADD = 99;
/** Lines a purchase list holds. */
export const LIST_MAX_LINES = 200;

const Qty = v.pipe(
  v.number('请输入数量'),
  v.integer('数量须为整数'),
  v.minValue(1, '数量不能小于 1'),
  v.maxValue(9999, '数量不能大于 9999'),
);
const SkuId = v.pipe(v.number('请选择商品规格'), v.integer('商品规格编号格式错误'), v.minValue(1, '商品规格编号格式错误'));

export const ResolveInput = form({
  lines: v.pipe(
    v.array(
      form({
        code: v.pipe(v.string('请填写商品编码'), v.trim(), v.nonEmpty('请填写商品编码'), v.maxLength(100, '商品编码过长')),
        qty: Qty,
      }),
      '请填写要订购的商品',
    ),
    v.minLength(1, '请填写要订购的商品'),
    v.maxLength(QUICK_MAX_LINES, `一次最多 ${QUICK_MAX_LINES} 行`),
  ),
});

/** A SKU a line resolved to, or a candidate, with what the member pays now. */
export const SkuOffer = v.object({
  skuId: v.number(),
  goodsId: v.number(),
  goodsName: v.string(),
  specs: v.string(),
  unit: v.string(),
  thumbnail: v.string(),
  /** The unit price at the line's quantity: the agreed tier where the company's agreement covers the SKU, else the list price. */
  priceFen: Fen,
  listFen: Fen,
  agreementNo: v.nullable(v.string()),
  stock: v.number(),
  minQty: v.number(),
  multiple: v.number(),
  onSale: v.boolean(),
});
export type SkuOffer = v.InferOutput<typeof SkuOffer>;

export const LINE_STATUSES = ['OK', 'AMBIGUOUS', 'UNKNOWN', 'DISCONTINUED', 'PERMIT', 'QUANTITY', 'STOCK'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export const ResolvedLine = v.object({
  code: v.string(),
  qty: v.number(),
  status: v.picklist(LINE_STATUSES),
  /** What the code was read as (商品编码, 规格编码, CAS 号, UN 编号, 化学式, 名称 …), '' when unknown. */
  readAs: v.string(),
  /** '' on OK; else what is wrong, in Chinese. */
  message: v.string(),
  sku: v.nullable(SkuOffer),
  /** Other SKUs to choose from (at most 8). */
  candidates: v.array(SkuOffer),
  /** QUANTITY: the nearest quantity the agreement allows. */
  suggestQty: v.optional(v.number()),
});
export type ResolvedLine = v.InferOutput<typeof ResolvedLine>;

const LineInput = form({ skuId: SkuId, qty: Qty });
export type QuickLineInput = v.InferOutput<typeof LineInput>;

export const AddInput = form({
  lines: v.pipe(
    v.array(LineInput, '请选择要加入购物车的商品'),
    v.minLength(1, '请选择要加入购物车的商品'),
    v.maxLength(QUICK_MAX_ADD, `一次最多加入 ${QUICK_MAX_ADD} 种商品`),
  ),
});
export const AddResult = v.object({
  added: v.number(),
  failed: v.array(v.object({ skuId: v.number(), msg: v.string() })),
  cartNum: v.number(),
});

export const ListSummary = v.object({
  id: v.number(),
  name: v.string(),
  lineCount: v.number(),
  updatedAt: v.number(),
  updatedBy: v.string(),
});
export type ListSummary = v.InferOutput<typeof ListSummary>;

export const ListPage = v.object({ ...page(ListSummary).entries, canEdit: v.boolean() });
export const ListDetail = v.object({
  id: v.number(),
  name: v.string(),
  canEdit: v.boolean(),
  updatedAt: v.number(),
  updatedBy: v.string(),
  lines: v.array(ResolvedLine),
});
export type ListDetail = v.InferOutput<typeof ListDetail>;

export const SaveListInput = form({
  id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  name: v.pipe(v.string('请填写清单名称'), v.trim(), v.nonEmpty('请填写清单名称'), v.maxLength(30, '清单名称不能超过 30 个字')),
  lines: v.pipe(
    v.array(LineInput, '清单中没有商品'),
    v.minLength(1, '清单中没有商品'),
    v.maxLength(LIST_MAX_LINES, `一个清单最多 ${LIST_MAX_LINES} 种商品`),
  ),
});

export const quick = {
  resolve: endpoint({
    name: 'quick.resolve',
    method: 'POST',
    path: '/quick/resolve',
    input: ResolveInput,
    data: v.object({ lines: v.array(ResolvedLine) }),
    auth,
    idempotent: true,
  }),
  add: endpoint({ name: 'quick.add', method: 'POST', path: '/quick/add', input: AddInput, data: AddResult, auth }),
  lists: endpoint({ name: 'quick.lists', method: 'GET', path: '/quick/lists', input: PageQuery, data: ListPage, auth }),
  list: endpoint({ name: 'quick.list', method: 'GET', path: '/quick/lists/{id}', data: ListDetail, auth }),
  saveList: endpoint({
    name: 'quick.saveList',
    method: 'POST',
    path: '/quick/lists/save',
    input: SaveListInput,
    data: v.object({ id: v.number() }),
    auth,
  }),
  deleteList: endpoint({
    name: 'quick.deleteList',
    method: 'POST',
    path: '/quick/lists/delete',
    input: form({ id: v.pipe(v.number('请选择清单'), v.integer(), v.minValue(1)) }),
    data: v.null(),
    auth,
  }),
};
