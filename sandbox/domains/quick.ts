/**
 * Sandbox domain: quick order and purchase lists (quick_part, contract/quick.ts, docs/quick-order.md). Resolves pasted or
 * uploaded lines to SKUs priced for the member (agreed prices through the cart's `unitCents`), adds many lines to the cart in
 * one request, and keeps a company's purchase lists.
 */
import type { GoodsDetail } from '#src/shared/api/contract/catalog.ts';
import { quick as contract, type ResolvedLine, type SkuOffer } from '#src/shared/api/contract/quick.ts';
import { casMistyped, normalizeUn } from '#src/features/quick-order/codes.ts';
import { allowedQuantity, quantityProblem, seesAgreedPrices } from '#src/features/prices/rules.ts';
import { gasesOf, type GasHit } from '#src/shared/search/rewrite.ts';
import { Fail, type Sandbox, type Seeding, type RouteCtx } from '../app.ts';
import { cents, findGoods, findSku, normalizeGoodsText, specsOf, stockOf, type State } from '../commerce.ts';
import { labOrder, listSeed, QUICK_MEMBER } from '../seed/quick.ts';
import { memberContact } from './auth.ts';
import { addToCart, unitCents, viewCart } from './cart.ts';
import { buyingFor } from './company.ts';
import { permitMessage } from './hazmat.ts';
import { insertOrder } from './order.ts';
import { viewOn } from './site.ts';

const FEATURE = 'quick_part';
type Sku = GoodsDetail['skus'][number];
type Found = { goods: GoodsDetail; sku: Sku };

/** Candidates shown per line. */
const MAX_CANDIDATES = 8;

function requireOn(s: State): void {
  if (!viewOn(s.db, FEATURE)) throw new Fail(404, '快速下单未开放');
}

/** What the member pays for a SKU at `qty`, with its stock and the agreement's minimum and multiple. */
function offerOf(s: State, uid: number, { goods, sku }: Found, qty: number): SkuOffer {
  const { unit, agreed } = unitCents(s, uid, sku, qty);
  return {
    skuId: sku.sku_id,
    goodsId: goods.id,
    goodsName: goods.goodsName,
    specs: specsOf(sku),
    unit: sku.unit,
    thumbnail: goods.thumbnail,
    priceFen: unit,
    listFen: cents(sku.price),
    agreementNo: agreed?.agreementNo ?? null,
    stock: stockOf(s, sku),
    minQty: agreed?.line.minQty ?? 1,
    multiple: agreed?.line.multiple ?? 1,
    onSale: goods.marketEnable === 1,
  };
}

/** Every SKU of these goods, on sale first, the member's agreed SKUs first among them, then by the goods' sales. */
function rankedSkus(s: State, uid: number, goods: GoodsDetail[]): Found[] {
  const all = goods.flatMap((g) => g.skus.map((sku) => ({ goods: g, sku })));
  const score = (f: Found) => (f.goods.marketEnable === 1 ? 0 : 2) + (unitCents(s, uid, f.sku, 1).agreed ? 0 : 1);
  return all
    .map((f, i) => ({ f, i, k: score(f) }))
    .sort((a, b) => a.k - b.k || b.f.goods.sales - a.f.goods.sales || a.i - b.i)
    .map((x) => x.f);
}

/** Goods whose search text holds every one of `terms` (normalised), on sale or not, best-selling first. */
function goodsWith(s: State, terms: string[]): GoodsDetail[] {
  const where = terms.map(() => 'instr(search_text, ?) > 0').join(' AND ');
  const ids = s.db.all<{ id: number }>(
    `SELECT id FROM goods WHERE ${where} ORDER BY sales DESC, rowid LIMIT 40`,
    ...terms.map(normalizeGoodsText),
  );
  return ids.flatMap((r) => findGoods(s, r.id) ?? []);
}

/** The goods of a gas: those listing its CAS number (pure gases, not mixtures or equipment), with the grade a trade name asks. */
const gasGoods = (s: State, hit: GasHit): GoodsDetail[] =>
  goodsWith(s, [hit.gas.cas, ...(hit.also ? [hit.also] : [])]).filter((g) =>
    g.params.some((p) => p.name === 'CAS 号' && p.value.trim() === hit.gas.cas),
  );

interface Reading {
  readAs: string;
  found: Found[];
  /** Several readings (a bare number that is a goods id and a UN number; initials of several gases): the member picks. */
  ambiguous?: boolean;
  /** Why nothing was found, when there is more to say than 未找到. */
  why?: string;
}

const VIA_LABEL: Record<GasHit['via'], string> = {
  cas: 'CAS 号',
  un: 'UN 编号',
  formula: '化学式',
  name: '名称',
  english: '英文名',
  alias: '俗名',
  pinyin: '拼音',
  initials: '拼音首字母',
  typo: '名称（纠错）',
};

/** A code read as a gas (CAS, UN, formula, names, pinyin): the gas's goods; several gases read alike make it ambiguous. */
function readGas(s: State, uid: number, code: string): Reading | null {
  const hits = gasesOf(code);
  if (!hits.length) return null;
  const best = hits.filter((h) => h.rank === hits[0]!.rank);
  const found = best.flatMap((h) => rankedSkus(s, uid, gasGoods(s, h)));
  return { readAs: VIA_LABEL[best[0]!.via], found, ambiguous: best.length > 1 };
}

/** What a code names: goods id, SKU id, then a gas, then words of goods names. */
function readCode(s: State, uid: number, code: string): Reading {
  if (/^\d{1,12}$/.test(code)) {
    const goods = findGoods(s, Number(code));
    const sku = findSku(s, Number(code));
    const asUn = code.length === 4 && normalizeUn(code, true) ? readGas(s, uid, `UN${code}`) : null;
    if (goods && asUn?.found.length) return { readAs: '商品编码', found: [...rankedSkus(s, uid, [goods]), ...asUn.found], ambiguous: true };
    if (goods) return { readAs: '商品编码', found: rankedSkus(s, uid, [goods]) };
    if (sku) return { readAs: '规格编码', found: [sku] };
  }
  if (casMistyped(code)) return { readAs: 'CAS 号', found: [], why: `「${code}」不是有效的 CAS 号（校验位不符），请核对` };
  const gas = readGas(s, uid, code);
  if (gas) return gas;
  const goods = goodsWith(s, [code]);
  return { readAs: '名称', found: rankedSkus(s, uid, goods), ambiguous: new Set(goods.map((g) => g.id)).size > 1 };
}

/** What stops the chosen SKU at `qty`, as a line's status, message and suggested quantity. */
function problemOf(s: State, uid: number, f: Found, offer: SkuOffer, qty: number): Pick<ResolvedLine, 'status' | 'message' | 'suggestQty'> {
  if (!offer.onSale)
    return { status: 'DISCONTINUED', message: f.goods.delistReason ? `商品已下架：${f.goods.delistReason}` : '商品已下架' };
  const permit = viewOn(s.db, 'hazmat_part') ? permitMessage(s.db, uid, f.goods, s.now()) : null;
  if (permit) return { status: 'PERMIT', message: permit };
  const rule = { minQty: offer.minQty, multiple: offer.multiple, unit: offer.unit };
  const q = quantityProblem(rule, qty);
  if (q) return { status: 'QUANTITY', message: q, suggestQty: allowedQuantity(rule, qty) };
  if (offer.stock < qty) return { status: 'STOCK', message: offer.stock ? `库存不足，仅剩 ${offer.stock} ${offer.unit}` : '商品已售罄' };
  return { status: 'OK', message: '' };
}

/** One line: the SKU it names at its quantity, or what is wrong and what to choose from. */
export function resolveLine(s: State, uid: number, code: string, qty: number): ResolvedLine {
  const r = readCode(s, uid, code.trim());
  const offers = r.found.slice(0, MAX_CANDIDATES + 1).map((f) => offerOf(s, uid, f, qty));
  const base = { code, qty, readAs: r.found.length ? r.readAs : '' };
  if (!r.found.length) return { ...base, status: 'UNKNOWN', message: r.why ?? `未找到「${code}」对应的商品`, sku: null, candidates: [] };
  if (r.ambiguous)
    return {
      ...base,
      status: 'AMBIGUOUS',
      message: `「${code}」对应多个商品，请选择`,
      sku: null,
      candidates: offers.slice(0, MAX_CANDIDATES),
    };
  const [first, ...rest] = offers;
  const problem = problemOf(s, uid, r.found[0]!, first!, qty);
  // A discontinued pick offers what is still sold of the same reading.
  const candidates = (problem.status === 'DISCONTINUED' ? rest.filter((o) => o.onSale) : rest).slice(0, MAX_CANDIDATES);
  return { ...base, ...problem, sku: first!, candidates };
}

function resolve(ctx: RouteCtx<typeof contract.resolve>) {
  requireOn(ctx);
  return { lines: ctx.input.lines.map((l) => resolveLine(ctx, ctx.uid!, l.code, l.qty)) };
}

// Many lines in one request: each is added as the cart's own add would; a refused line is reported and the others stay added.
function add(ctx: RouteCtx<typeof contract.add>) {
  requireOn(ctx);
  const failed: { skuId: number; msg: string }[] = [];
  let added = 0;
  for (const l of ctx.input.lines) {
    try {
      addToCart(ctx, ctx.uid!, l.skuId, l.qty);
      added++;
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
      failed.push({ skuId: l.skuId, msg: e.message });
    }
  }
  return { added, failed, cartNum: viewCart(ctx, ctx.uid!).cartNum };
}

// ---- purchase lists: a company's (keyed by its account owner), else the member's own

interface ListRow {
  id: number;
  owner_uid: number;
  name: string;
  updated_at: number;
  updated_by: number;
}

/** Whose lists the member sees and whether they may edit them (管理员 or 采购员 of a company; anyone for their own). */
function listPlace(s: State, uid: number): { ownerUid: number; canEdit: boolean } {
  const place = buyingFor(s, uid);
  return place ? { ownerUid: place.ownerUid, canEdit: seesAgreedPrices(place.roles) } : { ownerUid: uid, canEdit: true };
}

function listOf(s: State, uid: number, id: number): ListRow {
  const row = s.db.get<ListRow>('SELECT * FROM quick_lists WHERE id = ?', id);
  // Another company's list answers as missing, never as forbidden: its existence is not told.
  if (!row || row.owner_uid !== listPlace(s, uid).ownerUid) throw new Fail(404, '清单不存在');
  return row;
}

const byName = (s: State, uid: number): string => memberContact(s.db, uid)?.name ?? '';

function lists(ctx: RouteCtx<typeof contract.lists>) {
  requireOn(ctx);
  const { ownerUid, canEdit } = listPlace(ctx, ctx.uid!);
  const { pageNumber, pageSize } = ctx.input;
  const total = ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM quick_lists WHERE owner_uid = ?', ownerUid)!.n;
  const rows = ctx.db.all<ListRow & { n: number }>(
    'SELECT l.*, (SELECT COUNT(*) FROM quick_list_lines WHERE list_id = l.id) AS n FROM quick_lists l WHERE owner_uid = ? ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?',
    ownerUid,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  const list = rows.map((r) => ({ id: r.id, name: r.name, lineCount: r.n, updatedAt: r.updated_at, updatedBy: byName(ctx, r.updated_by) }));
  return { list, total, pageNumber, pageSize, canEdit };
}

/** A list's lines resolved as now: a SKU no longer sold shows as DISCONTINUED, never dropped. */
export function skuLines(s: State, uid: number, lines: { skuId: number; qty: number }[]): ResolvedLine[] {
  return lines.map((l) => resolveLine(s, uid, String(l.skuId), l.qty));
}

function list(ctx: RouteCtx<typeof contract.list>) {
  requireOn(ctx);
  if (!/^\d{1,12}$/.test(ctx.params.id ?? '')) throw new Fail(404, '清单不存在');
  const row = listOf(ctx, ctx.uid!, Number(ctx.params.id));
  const lines = ctx.db.all<{ sku_id: number; qty: number }>(
    'SELECT sku_id, qty FROM quick_list_lines WHERE list_id = ? ORDER BY pos',
    row.id,
  );
  return {
    id: row.id,
    name: row.name,
    canEdit: listPlace(ctx, ctx.uid!).canEdit,
    updatedAt: row.updated_at,
    updatedBy: byName(ctx, row.updated_by),
    lines: skuLines(
      ctx,
      ctx.uid!,
      lines.map((l) => ({ skuId: l.sku_id, qty: l.qty })),
    ),
  };
}

/** Writes a list (new when `id` is absent) with its lines; the caller checked the right to edit. */
export function writeList(
  s: State,
  ownerUid: number,
  by: number,
  input: { id?: number; name: string; lines: { skuId: number; qty: number }[] },
): number {
  const id = input.id ?? s.db.next('quick_list');
  s.db.upsert('quick_lists', { id, owner_uid: ownerUid, name: input.name, updated_at: s.now(), updated_by: by }, ['id']);
  s.db.run('DELETE FROM quick_list_lines WHERE list_id = ?', id);
  input.lines.forEach((l, pos) => s.db.insert('quick_list_lines', { list_id: id, pos, sku_id: l.skuId, qty: l.qty }));
  return id;
}

function saveList(ctx: RouteCtx<typeof contract.saveList>) {
  requireOn(ctx);
  const place = listPlace(ctx, ctx.uid!);
  if (ctx.input.id) listOf(ctx, ctx.uid!, ctx.input.id);
  if (!place.canEdit) throw new Fail(403, '只有管理员或采购员可以编辑清单');
  for (const l of ctx.input.lines) if (!findSku(ctx, l.skuId)) throw new Fail(400, `规格编码 ${l.skuId} 不存在`);
  return { id: writeList(ctx, place.ownerUid, ctx.uid!, ctx.input) };
}

function deleteList(ctx: RouteCtx<typeof contract.deleteList>) {
  requireOn(ctx);
  const row = listOf(ctx, ctx.uid!, ctx.input.id);
  if (!listPlace(ctx, ctx.uid!).canEdit) throw new Fail(403, '只有管理员或采购员可以编辑清单');
  ctx.db.run('DELETE FROM quick_list_lines WHERE list_id = ?', row.id);
  ctx.db.run('DELETE FROM quick_lists WHERE id = ?', row.id);
  return null;
}

// The second company's colleague (a member who uses lists but does not edit them), its seeded purchase list and past order.
function seedQuick(s: Seeding) {
  s.db.insert('company_members', {
    uid: QUICK_MEMBER.uid,
    company_id: QUICK_MEMBER.companyId,
    roles: JSON.stringify(QUICK_MEMBER.roles),
    limit_order: null,
    limit_month: null,
    joined_at: s.at,
  });
  writeList({ db: s.db, now: () => s.at }, listSeed.ownerUid, listSeed.ownerUid, listSeed);
  insertOrder(s, labOrder(s.at));
}

export function install(sb: Sandbox): void {
  sb.seed('quick', seedQuick);
  sb.on(contract.resolve, resolve);
  sb.on(contract.add, add);
  sb.on(contract.lists, lists);
  sb.on(contract.list, list);
  sb.on(contract.saveList, saveList);
  sb.on(contract.deleteList, deleteList);
}
