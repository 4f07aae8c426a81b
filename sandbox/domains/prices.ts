/**
 * Sandbox domain: agreed prices (price_part, contract/prices.ts, docs/prices.md). A company's agreement, keyed by its account
 * owner; shown to its members who may order (管理员, 采购员) while it is in force. The cart and order domains price covered SKUs
 * through `agreedFor` (provided to commerce.ts's `agreedOf`), so what the pages show is what checkout charges.
 */
import { chinaDay, DAY_MS } from '#src/shared/formats/china-time.ts';
import { prices as contract, type AgreementHead, type PriceLine } from '#src/shared/api/contract/prices.ts';
import { inForce, seesAgreedPrices, type AgreedLine, type PriceTier } from '#src/features/prices/rules.ts';
import type { Sandbox, Seeding, RouteCtx } from '../app.ts';
import { cents, findGoods, findSku, provideAgreedPrices, specsOf, type Agreed, type State } from '../commerce.ts';
import { agreements, SECOND_COMPANY } from '../seed/prices.ts';
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

export function install(sb: Sandbox): void {
  provideAgreedPrices(agreedFor);
  sb.seed('prices', seedPrices);
  sb.on(contract.goods, goods);
  sb.on(contract.agreement, agreement);
}
