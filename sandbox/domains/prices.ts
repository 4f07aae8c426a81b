/**
 * Sandbox domain: agreed prices (price_part, contract/prices.ts, docs/prices.md). A company's agreement, keyed by its account
 * owner; shown to its members who may order (管理员, 采购员) while it is in force. The cart and order domains price covered SKUs
 * through `agreedFor` (provided to commerce.ts's `agreedOf`), so what the pages show is what checkout charges.
 */
import { chinaDay, DAY_MS } from '#src/shared/formats/china-time.ts';
import { prices as contract, type AgreementHead, type PriceLine } from '#src/shared/api/contract/prices.ts';
import { inForce, seesAgreedPrices, type AgreedLine, type PriceTier } from '#src/features/prices/rules.ts';
import * as v from 'valibot';
import { Fail, parseOrFail, type Ctx, type Sandbox, type Seeding, type RouteCtx } from '../app.ts';
import { cents, findGoods, findSku, provideAgreedPrices, specsOf, type Agreed, type State } from '../commerce.ts';
import { agreements, SECOND_COMPANY } from '../seed/prices.ts';
import { memberUidOf } from './auth.ts';
import { buyingFor } from './company.ts';
import { viewOn } from './site.ts';

const FEATURE = 'price_part';

interface AgreementRow {
  id: number;
  owner_uid: number;
  agreement_no: string;
  company_name: string;
  valid_from: string;
  valid_to: string;
}
interface LineRow {
  sku_id: number;
  tiers: string;
  min_qty: number;
  multiple: number;
}

const headOf = (a: AgreementRow): AgreementHead => ({
  agreementNo: a.agreement_no,
  companyName: a.company_name,
  validFrom: a.valid_from,
  validTo: a.valid_to,
});

/** The agreement the member may see now: feature on, a company, a role that orders, in force today; else null. */
function agreementOf(s: State, uid: number): AgreementRow | null {
  if (!viewOn(s.db, FEATURE)) return null;
  const place = buyingFor(s, uid);
  if (!place || !seesAgreedPrices(place.roles)) return null;
  const a = s.db.get<AgreementRow>('SELECT * FROM price_agreements WHERE owner_uid = ?', place.ownerUid);
  return a && inForce({ validFrom: a.valid_from, validTo: a.valid_to }, chinaDay(s.now())) ? a : null;
}

/** The member's agreement for this request (cart views ask once per line). */
const agreementCached = (s: State, uid: number): AgreementRow | null =>
  s.db.unit(
    `price-agreement:${uid}`,
    () => agreementOf(s, uid),
    () => {},
  );

const agreedLine = (r: LineRow, unit: string): AgreedLine => ({
  tiers: JSON.parse(r.tiers) as PriceTier[],
  minQty: r.min_qty,
  multiple: r.multiple,
  unit,
});

/** The agreed line of a SKU for the member, or null (no agreement, not covered, feature off). */
export function agreedFor(s: State, uid: number, skuId: number): Agreed | null {
  const a = agreementCached(s, uid);
  if (!a) return null;
  const r = s.db.get<LineRow>(
    'SELECT sku_id, tiers, min_qty, multiple FROM price_lines WHERE agreement_id = ? AND sku_id = ?',
    a.id,
    skuId,
  );
  const found = r && findSku(s, skuId);
  return found ? { agreementNo: a.agreement_no, line: agreedLine(r, found.sku.unit) } : null;
}

function lineOut(s: State, r: LineRow): PriceLine | null {
  const found = findSku(s, r.sku_id);
  if (!found) return null;
  const { goods, sku } = found;
  const line = agreedLine(r, sku.unit);
  return {
    skuId: sku.sku_id,
    goodsId: goods.id,
    goodsName: goods.goodsName,
    specs: specsOf(sku),
    unit: sku.unit,
    listFen: cents(sku.price),
    tiers: line.tiers.map((t) => ({ ...t })),
    minQty: line.minQty,
    multiple: line.multiple,
  };
}

// The agreed lines of the goods on one page: one indexed lookup per SKU of those goods.
function goods(ctx: RouteCtx<typeof contract.goods>) {
  const a = agreementOf(ctx, ctx.uid!);
  if (!a) return { agreement: null, lines: [] };
  const skuIds = [...new Set(ctx.input.ids.split(',').map(Number))].flatMap((id) => findGoods(ctx, id)?.skus.map((s) => s.sku_id) ?? []);
  const rows = skuIds.flatMap(
    (skuId) =>
      ctx.db.get<LineRow>('SELECT sku_id, tiers, min_qty, multiple FROM price_lines WHERE agreement_id = ? AND sku_id = ?', a.id, skuId) ??
      [],
  );
  return { agreement: headOf(a), lines: rows.flatMap((r) => lineOut(ctx, r) ?? []) };
}

function agreement(ctx: RouteCtx<typeof contract.agreement>) {
  const a = agreementOf(ctx, ctx.uid!);
  if (!a) return null;
  const rows = ctx.db.all<LineRow>('SELECT sku_id, tiers, min_qty, multiple FROM price_lines WHERE agreement_id = ? ORDER BY sku_id', a.id);
  return { ...headOf(a), lines: rows.flatMap((r) => lineOut(ctx, r) ?? []) };
}

/** Lays an agreement and its lines (the seed; the benchmark's 5,000-line agreement). */
export function saveAgreement(
  s: Pick<State, 'db'>,
  a: { ownerUid: number; agreementNo: string; companyName: string; validFrom: string; validTo: string },
  lines: { skuId: number; tiers: PriceTier[]; minQty?: number; multiple?: number }[],
): number {
  const id = s.db.next('price_agreement');
  s.db.insert('price_agreements', {
    id,
    owner_uid: a.ownerUid,
    agreement_no: a.agreementNo,
    company_name: a.companyName,
    valid_from: a.validFrom,
    valid_to: a.validTo,
  });
  for (const l of lines)
    s.db.insert('price_lines', {
      agreement_id: id,
      sku_id: l.skuId,
      tiers: JSON.stringify(l.tiers),
      min_qty: l.minQty ?? 1,
      multiple: l.multiple ?? 1,
    });
  return id;
}

// The two companies' agreements, and the second company's account with its buyer (the first opens its own on first use).
function seedPrices(s: Seeding) {
  const { accountId, ownerUid, roles } = SECOND_COMPANY;
  s.db.insert('company_accounts', { id: accountId, owner_uid: ownerUid, po_required: 0, cost_centre_required: 0, created_at: s.at });
  s.db.insert('company_members', {
    uid: ownerUid,
    company_id: accountId,
    roles: JSON.stringify(roles),
    limit_order: null,
    limit_month: null,
    joined_at: s.at,
  });
  for (const a of agreements) {
    const validFrom = chinaDay(s.at + a.fromDays * DAY_MS);
    const validTo = chinaDay(s.at + a.toDays * DAY_MS);
    saveAgreement(s, { ...a, validFrom, validTo }, a.lines);
  }
}

const ScaleHook = v.object({
  /** The member whose company's agreement grows: phone or uid. */
  member: v.string('请指定 member（手机号或 uid）'),
  lines: v.pipe(v.number('lines 须为 1-20000 的整数'), v.integer('lines 须为 1-20000 的整数'), v.minValue(1), v.maxValue(20_000)),
});

// The benchmark's agreement (scripts/measure-prices.ts): the member's company agreement grows to `lines` lines, the catalogue's
// SKUs first at 90 % of list, then synthetic SKU ids no goods has (as a big agreement lists goods this shop does not sell).
function hookPricesScale(ctx: Ctx<unknown>) {
  const { member, lines } = parseOrFail(ScaleHook, ctx.input);
  const place = buyingFor(ctx, memberUidOf(ctx.db, member));
  const a = place && ctx.db.get<AgreementRow>('SELECT * FROM price_agreements WHERE owner_uid = ?', place.ownerUid);
  if (!a) throw new Fail(404, '该会员的企业没有价格协议');
  const have = new Set(ctx.db.all<{ sku_id: number }>('SELECT sku_id FROM price_lines WHERE agreement_id = ?', a.id).map((r) => r.sku_id));
  const catalogue = ctx.db.all<{ sku_id: number; price: number }>('SELECT sku_id, price FROM skus ORDER BY sku_id');
  const more = [...catalogue.map((k) => ({ skuId: k.sku_id, fen: Math.round(cents(k.price) * 0.9) }))];
  for (let i = 0; more.length < lines; i++) more.push({ skuId: 9_000_000 + i, fen: 10_000 });
  for (const m of more.filter((x) => !have.has(x.skuId)).slice(0, Math.max(0, lines - have.size)))
    ctx.db.insert('price_lines', {
      agreement_id: a.id,
      sku_id: m.skuId,
      tiers: JSON.stringify([{ minQty: 1, unitFen: m.fen }]),
      min_qty: 1,
      multiple: 1,
    });
  return { lines: ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM price_lines WHERE agreement_id = ?', a.id)!.n };
}

export function install(sb: Sandbox): void {
  provideAgreedPrices(agreedFor);
  sb.seed('prices', seedPrices);
  sb.on(contract.goods, goods);
  sb.on(contract.agreement, agreement);
  sb.hook('POST', '/prices/scale', hookPricesScale);
}
