/** The SKU picker of a goods page (docs/product.md §3 Sku item): spec rows from the SKUs, which choices still lead to a SKU, and the ' - ' joined name. */

export interface SpecValue {
  spec_name: string;
  spec_value: string;
}
export interface PickableSku {
  sku_id: number;
  spec_list: readonly SpecValue[];
  stock: number;
}

/** One row of the picker: a spec and its values, in the order the SKUs first name them. */
export interface SpecRow {
  name: string;
  values: string[];
}

/** Rows of the picker, one per spec name. */
export function specRows(skus: readonly PickableSku[]): SpecRow[] {
  const rows: SpecRow[] = [];
  for (const sku of skus) {
    for (const { spec_name, spec_value } of sku.spec_list) {
      let row = rows.find((r) => r.name === spec_name);
      if (!row) rows.push((row = { name: spec_name, values: [] }));
      if (!row.values.includes(spec_value)) row.values.push(spec_value);
    }
  }
  return rows;
}

/** A choice per row; null where nothing is chosen. */
export type Selection = (string | null)[];

const valueOf = (sku: PickableSku, name: string): string | undefined => sku.spec_list.find((s) => s.spec_name === name)?.spec_value;

function fits(sku: PickableSku, rows: readonly SpecRow[], selection: Selection): boolean {
  return rows.every((row, i) => selection[i] == null || valueOf(sku, row.name) === selection[i]);
}

/** The SKU a full selection names, or null while a row is unchosen or no SKU has that combination. */
export function skuFor<T extends PickableSku>(skus: readonly T[], rows: readonly SpecRow[], selection: Selection): T | null {
  if (selection.length < rows.length || selection.some((v) => v == null)) return null;
  return skus.find((s) => fits(s, rows, selection)) ?? null;
}

/** Whether choosing `value` in row `row`, keeping the other rows' choices, still leads to some SKU; the picker disables the others. */
export function isPossible(
  skus: readonly PickableSku[],
  rows: readonly SpecRow[],
  selection: Selection,
  row: number,
  value: string,
): boolean {
  const next = rows.map((_, i) => (i === row ? value : (selection[i] ?? null)));
  return skus.some((s) => fits(s, rows, next));
}

/** The selection after clicking `value` in `row`: clicking the chosen value clears it. */
export function choose(selection: Selection, row: number, value: string): Selection {
  const next = [...selection];
  next[row] = next[row] === value ? null : value;
  return next;
}

/** The selection a page opens with: the first SKU in stock (else the first SKU), so a price and stock show at once. */
export function initialSelection(skus: readonly PickableSku[], rows: readonly SpecRow[]): Selection {
  const first = skus.find((s) => s.stock > 0) ?? skus[0];
  return rows.map((row) => (first ? (valueOf(first, row.name) ?? null) : null));
}

/** A SKU's name: its spec values joined by ' - ' (docs/product.md §3). */
export const skuText = (sku: Pick<PickableSku, 'spec_list'>): string => sku.spec_list.map((s) => s.spec_value).join(' - ');

/** The quantity kept between 1 and what can be bought (stock, and the cart's own limit). */
export function clampQuantity(n: number, stock: number, max: number): number {
  const limit = Math.max(1, Math.min(stock, max));
  if (!Number.isFinite(n)) return 1;
  return Math.min(limit, Math.max(1, Math.floor(n)));
}

/** Price text of a goods over its SKUs: one price, or lowest and highest. */
export function priceRange(skus: readonly { price: number }[]): { low: number; high: number } {
  const prices = skus.map((s) => s.price);
  return prices.length ? { low: Math.min(...prices), high: Math.max(...prices) } : { low: 0, high: 0 };
}
