/** How the encyclopedia is arranged on its pages: groups with their gases and articles, a gas's fact rows, related and latest entries. */
import type { GasFacts, WikiCategory, WikiSummary } from '#src/shared/api/contract/content.ts';

/** What the lists need of an entry (a WikiDetail is one too). */
export type WikiItem = Pick<WikiSummary, 'id' | 'categoryId' | 'title' | 'summary' | 'updatedAt' | 'views'> & {
  gas: Pick<GasFacts, 'name' | 'formula'> | null;
};

export interface WikiGroup<T extends WikiItem = WikiItem> {
  category: WikiCategory;
  /** Gas entries of the group, by id (the back office numbers the common gases first). */
  gases: T[];
  /** Knowledge articles of the group, newest first. */
  articles: T[];
}

/** Newest first by the back office's 'YYYY-MM-DD HH:mm:ss' (which sorts as text), then the higher id. */
export const newestFirst = (a: WikiItem, b: WikiItem): number => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** Ascending id: the order gases are listed in. */
export const byId = (a: WikiItem, b: WikiItem): number => a.id - b.id;

/** The knowledge groups in menu order, each with its gases and articles; entries of an unknown category are left out. */
export function wikiGroups<T extends WikiItem>(categories: readonly WikiCategory[], items: readonly T[]): WikiGroup<T>[] {
  return [...categories]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((category) => {
      const own = items.filter((w) => w.categoryId === category.id);
      return {
        category,
        gases: own.filter((w) => w.gas !== null).sort(byId),
        articles: own.filter((w) => w.gas === null).sort(newestFirst),
      };
    });
}

/** Other entries of the same group for a "related" list: knowledge articles and gases, most read first. */
export function relatedEntries<T extends WikiItem>(items: readonly T[], current: WikiItem, limit = 6): T[] {
  return items
    .filter((w) => w.categoryId === current.categoryId && w.id !== current.id)
    .sort((a, b) => b.views - a.views || a.id - b.id)
    .slice(0, limit);
}

/** The newest knowledge articles (not gas entries) of every group, at most `perGroup` each. */
export function latestArticles<T extends WikiItem>(
  groups: readonly WikiGroup<T>[],
  perGroup = 3,
): { category: WikiCategory; articles: T[] }[] {
  return groups.map((g) => ({ category: g.category, articles: g.articles.slice(0, perGroup) }));
}

/** The heads of the columns that name a gas, first in every table of gases (the encyclopedia's gas table, the SDS list). */
export const GAS_NAME_COLUMNS = ['气体', '化学式', 'CAS 号', 'UN 编号'] as const;

/** The short GHS class names of a gas, deduplicated: 易燃气体，类别1 → 易燃气体, 加压气体（液化气体） → 加压气体. */
export function hazardShort(hazardClass: readonly string[]): string[] {
  const names = hazardClass
    .map((c) =>
      c
        .split(/[，,（(]/)[0]!
        .split('-')[0]!
        .trim(),
    )
    .filter(Boolean);
  return [...new Set(names)];
}

/** Density of air at 0 °C and 101.325 kPa, kg/m³, for the relative density. */
const AIR_DENSITY = 1.2929;

/** A number as written in Chinese technical text: minus sign, no trailing zeros. */
const num = (n: number): string => String(n).replace('-', '−');

/** The physical and safety properties of a gas as label/value rows (what the fact card shows). */
export function gasProperties(gas: GasFacts): [label: string, value: string][] {
  return [
    ['摩尔质量', `${num(gas.molarMass)} g/mol`],
    [gas.sublimes ? '升华点（101.325 kPa）' : '沸点（101.325 kPa）', `${num(gas.boilingPointC)} ℃`],
    ['气体密度（0 ℃，101.325 kPa）', `${num(gas.density)} kg/m³`],
    ['相对密度（空气 = 1）', (gas.density / AIR_DENSITY).toFixed(2)],
    ['爆炸极限（体积分数）', gas.explosiveLimits || '不燃'],
    ['职业接触限值', gas.exposureLimit || '未制定'],
    ['运输危险性类别', gas.transportClass],
  ];
}

/** A back-office time's date part ('2025-10-12 09:30:00' → 2025-10-12) and its `datetime` attribute. */
export const dateOf = (time: string): string => time.slice(0, 10);
export const datetimeOf = (time: string): string => time.replace(' ', 'T');

/**
 * A short key for what a page shows of other entries (id, title, date): part of its incremental-build cacheKey, so a
 * sibling's new title renders the page again while an edit of the sibling's body does not.
 */
export function listKey(items: readonly Pick<WikiItem, 'id' | 'title' | 'updatedAt'>[]): string {
  let h = 0x811c9dc5;
  for (const ch of items.map((w) => `${w.id}\u0001${w.title}\u0001${w.updatedAt}`).join('\u0002')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
