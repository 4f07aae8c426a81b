// The goods catalogue seed: consistent ids, prices and shops, real CAS/UN numbers, pictures that exist, and the catalogue calls over it.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, type GoodsSummary } from '#src/shared/api/contract/catalog.ts';
import { categories } from '#sandbox/seed/categories.ts';
import { goods, shops } from '#sandbox/seed/goods.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client } = useSandbox();
// Vitest runs from the repository's root.
const PUBLIC = resolve('public');
const onSale = goods.filter((g) => g.marketEnable === 1);
const subs = categories.flatMap((c) => c.children);
const param = (g: (typeof goods)[number], name: string) => g.params.find((p) => p.name === name)?.value;

/** CAS registry numbers end in a check digit: the other digits, weighted 1, 2, 3... from the right, summed mod 10. */
function casValid(cas: string): boolean {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(cas);
  if (!m) return false;
  const digits = (m[1]! + m[2]!).split('').reverse();
  return digits.reduce((sum, d, i) => sum + Number(d) * (i + 1), 0) % 10 === Number(m[3]);
}

/** Reference identities of the main gases (CAS / UN of the compressed gas), checked against the seed. */
const REFERENCE: Record<string, [cas: string, un: string[]]> = {
  'N₂': ['7727-37-9', ['UN1066', 'UN1977']],
  Ar: ['7440-37-1', ['UN1006', 'UN1951']],
  He: ['7440-59-7', ['UN1046']],
  'O₂': ['7782-44-7', ['UN1072', 'UN1073']],
  'CO₂': ['124-38-9', ['UN1013', 'UN2187']],
  'C₂H₂': ['74-86-2', ['UN1001']],
  'H₂': ['1333-74-0', ['UN1049']],
  'NH₃': ['7664-41-7', ['UN1005']],
  'SF₆': ['2551-62-4', ['UN1080']],
  'NF₃': ['7783-54-2', ['UN2451']],
  'SiH₄': ['7803-62-5', ['UN2203']],
  'CH₄': ['74-82-8', ['UN1971']],
  'N₂O': ['10024-97-2', ['UN1070']],
  Xe: ['7440-63-3', ['UN2036']],
  Kr: ['7439-90-9', ['UN1056']],
  Ne: ['7440-01-9', ['UN1065']],
};

describe('catalogue seed data', () => {
  it('has at least 70 goods with sequential ids from 1001, and 1001 is high-purity nitrogen in 高纯气体', () => {
    expect(goods.length).toBeGreaterThanOrEqual(70);
    expect(goods.map((g) => g.id)).toEqual(goods.map((_, i) => 1001 + i));
    expect(goods[0]).toMatchObject({ id: 1001, goodsName: '高纯氮气 N₂ 99.999%', categoryId: 103, categoryPid: 1 });
  });

  it('puts at least two on-sale goods in every sub-category, under the right top-level category', () => {
    for (const sub of subs) {
      expect(onSale.filter((g) => g.categoryId === sub.id).length, sub.cateName).toBeGreaterThanOrEqual(2);
    }
    for (const g of goods) {
      const sub = subs.find((s) => s.id === g.categoryId);
      expect(sub, `${g.id} category`).toBeDefined();
      expect(g.categoryPid, `${g.id} pid`).toBe(sub!.pid);
    }
  });

  it('numbers SKUs goodsId*100+n, unique, each naming the same specs in the same order', () => {
    const ids = goods.flatMap((g) => g.skus.map((s) => s.sku_id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const g of goods) {
      expect(g.skus.length, `${g.id}`).toBeGreaterThan(0);
      const names = g.skus[0]!.spec_list.map((s) => s.spec_name);
      g.skus.forEach((s, i) => {
        expect(s.goods_id).toBe(g.id);
        expect(s.sku_id).toBe(g.id * 100 + i + 1);
        expect(
          s.spec_list.map((x) => x.spec_name),
          `${s.sku_id}`,
        ).toEqual(names);
        expect(
          s.spec_list.every((x) => x.spec_value.trim() !== ''),
          `${s.sku_id}`,
        ).toBe(true);
        expect(s.unit).toMatch(/^[\u4e00-\u9fa5]{1,2}$/);
      });
      // Two SKUs with the same spec values could not be told apart by the spec picker.
      const combos = g.skus.map((s) => s.spec_list.map((x) => x.spec_value).join(' - '));
      expect(new Set(combos).size, `${g.id}`).toBe(combos.length);
    }
  });

  it('sets each goods price to its lowest SKU price, in yuan with at most two decimals', () => {
    for (const g of goods) {
      expect(g.price, `${g.id}`).toBe(Math.min(...g.skus.map((s) => s.price)));
      for (const s of g.skus) {
        expect(s.price).toBeGreaterThan(0);
        expect(Math.round(s.price * 100)).toBe(s.price * 100);
      }
    }
  });

  it('has varied sales and stock, some SKUs out of stock', () => {
    const stocks = goods.flatMap((g) => g.skus.map((s) => s.stock));
    expect(stocks.filter((s) => s === 0).length).toBeGreaterThanOrEqual(3);
    expect(stocks.filter((s) => s > 0).length).toBeGreaterThan(stocks.length * 0.8);
    expect(new Set(goods.map((g) => g.sales)).size).toBeGreaterThan(goods.length * 0.9);
  });

  it('delists exactly three goods with a Chinese reason; goods on sale have none', () => {
    const delisted = goods.filter((g) => g.marketEnable === 0);
    expect(delisted).toHaveLength(3);
    for (const g of delisted) expect(g.delistReason).toMatch(/^[\u4e00-\u9fa5].*[\u4e00-\u9fa5）”]$/);
    for (const g of onSale) expect(g.delistReason).toBe('');
  });

  it('gives every gas a valid CAS number, a UN number and a hazard class', () => {
    const gases = goods.filter((g) => param(g, '化学式'));
    expect(gases.length).toBeGreaterThan(30);
    for (const g of gases) {
      expect(casValid(param(g, 'CAS 号') ?? ''), `${g.id} CAS ${param(g, 'CAS 号')}`).toBe(true);
      expect(param(g, '危险类别'), `${g.id}`).toMatch(/^2\.[123] /);
    }
    for (const g of goods) {
      const un = param(g, 'UN 编号');
      if (un !== undefined) expect(un, `${g.id}`).toMatch(/^UN\d{4}$/);
    }
    expect(casValid('7727-37-9')).toBe(true);
    expect(casValid('7727-37-8')).toBe(false);
  });

  it('uses the reference CAS and UN numbers of the main gases, and only flammable classes for flammable gases', () => {
    for (const g of goods) {
      const ref = REFERENCE[param(g, '化学式') ?? ''];
      if (!ref) continue;
      expect(param(g, 'CAS 号'), `${g.id}`).toBe(ref[0]);
      expect(ref[1], `${g.id} ${param(g, 'UN 编号')}`).toContain(param(g, 'UN 编号'));
    }
    const hazardOf = (formula: string) =>
      new Set(goods.filter((g) => param(g, '化学式') === formula).map((g) => param(g, '危险类别')!.slice(0, 3)));
    for (const f of ['H₂', 'CH₄', 'C₂H₂', 'SiH₄']) expect([...hazardOf(f)], f).toEqual(['2.1']);
    for (const f of ['N₂', 'Ar', 'He', 'CO₂', 'SF₆']) expect([...hazardOf(f)], f).toEqual(['2.2']);
    expect([...hazardOf('NH₃')]).toEqual(['2.3']);
    // Refrigerated liquids carry their own UN numbers.
    const liquidUn = (name: string) => param(goods.find((g) => g.goodsName.startsWith(name))!, 'UN 编号');
    expect([liquidUn('液氧'), liquidUn('液氮'), liquidUn('液氩'), liquidUn('液态二氧化碳'), liquidUn('液化天然气')]).toEqual([
      'UN1073',
      'UN1977',
      'UN1951',
      'UN2187',
      'UN1972',
    ]);
  });

  it('refers only to shops that exist, under their names, with a self-operated flagship id 1', () => {
    expect(shops.length).toBeGreaterThanOrEqual(3);
    expect(shops[0]).toMatchObject({ id: 1, shopName: '华气云商自营旗舰店', selfOperated: true });
    for (const g of goods) {
      const shop = shops.find((s) => s.id === g.shop_id);
      expect(shop, `${g.id} shop ${g.shop_id}`).toBeDefined();
      expect(g.shopName).toBe(shop!.shopName);
    }
    for (const s of shops) expect(s.goodsCount, s.shopName).toBe(onSale.filter((g) => g.shop_id === s.id).length);
    expect(shops.every((s) => s.goodsCount > 0)).toBe(true);
  });

  it('points only at pictures that exist in public/ as self-contained SVG', () => {
    const pics = new Set<string>();
    for (const g of goods) {
      expect(g.thumbnail).toBe(g.images[0]);
      g.images.forEach((p) => pics.add(p));
    }
    shops.forEach((s) => pics.add(s.logo));
    categories.flatMap((c) => [c, ...c.children]).forEach((c) => pics.add(c.pic));
    for (const p of pics) {
      expect(p, p).toMatch(/^\/images\/[a-z]+\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`${PUBLIC}${p}`), `public${p} is missing`).toBe(true);
      const svg = readFileSync(`${PUBLIC}${p}`, 'utf8');
      expect(svg.startsWith('<svg'), p).toBe(true);
      expect(svg, p).not.toMatch(/\s(?:xlink:)?href="(?!#)|<script|<image/i);
    }
  });

  it('writes intros as simple HTML with uses, safety and delivery notes', () => {
    for (const g of goods) {
      const tags = [...g.intro.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]!);
      expect(
        tags.every((t) => ['p', 'ul', 'li', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td'].includes(t)),
        `${g.id}`,
      ).toBe(true);
      expect(g.intro, `${g.id}`).toContain('安全提示');
      expect(g.intro, `${g.id}`).toContain('配送说明');
    }
  });
});

describe('catalogue calls over the seed', () => {
  const all = async (input: Record<string, string | number>): Promise<{ list: GoodsSummary[]; total: number }> => {
    const first = await client().call(catalog.goodsList, { input: { ...input, pageSize: 100 } });
    return { list: first.list, total: first.total };
  };

  it('lists a top-level category by pid, paged 16 to a page with the right total', async () => {
    const expected = onSale.filter((g) => g.categoryPid === 1);
    const page1 = await client().call(catalog.goodsList, { input: { pid: '1' } });
    expect(page1.total).toBe(expected.length);
    expect(page1.pageSize).toBe(16);
    expect(page1.list).toHaveLength(16);
    const page2 = await client().call(catalog.goodsList, { input: { pid: '1', pageNumber: 2 } });
    expect(page2.list).toHaveLength(expected.length - 16);
    expect([...page1.list, ...page2.list].map((g) => g.id).sort()).toEqual(expected.map((g) => g.id).sort());
    expect(page1.list.every((g) => g.categoryPid === 1)).toBe(true);
  });

  it('lists a sub-category by sid without its delisted goods', async () => {
    const { list, total } = await all({ sid: '101', pid: '1' });
    expect(total).toBe(onSale.filter((g) => g.categoryId === 101).length);
    expect(list.every((g) => g.categoryId === 101)).toBe(true);
    expect(list.map((g) => g.id)).not.toContain(1015);
  });

  it('finds argon goods by the keyword 氩 across bottled, liquid, high-purity gases and regulators', async () => {
    const { list, total } = await all({ keyword: '氩' });
    expect(total).toBe(list.length);
    const names = list.map((g) => g.goodsName);
    expect(names).toEqual(expect.arrayContaining(['高纯氩气 Ar 99.999%', '工业氩气 Ar 99.99%', '液氩 LAR 槽车配送', '氩气流量计减压器']));
    const cats = new Set(list.map((g) => g.categoryPid));
    expect(cats.size).toBeGreaterThanOrEqual(4);
    const unrelated = await all({ keyword: '氙' });
    expect(unrelated.list.map((g) => g.id)).toEqual([1006]);
  });

  it('sorts by price within a category and counts the shop goods', async () => {
    const { list } = await client().call(catalog.goodsList, { input: { pid: '5', sort: 'price_asc', pageSize: 50 } });
    const prices = list.map((g) => g.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const shop = await client().call(catalog.shop, { params: { id: 3 } });
    expect(shop.goodsCount).toBe(onSale.filter((g) => g.shop_id === 3).length);
  });

  it('still shows a delisted goods in detail, with its reason', async () => {
    const g = await client().call(catalog.goodsDetail, { params: { id: 1071 } });
    expect(g.marketEnable).toBe(0);
    expect(g.delistReason).toContain('推荐选购替代型号');
  });
});
