import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { quick } from '#src/shared/api/contract/quick.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, hook } = useSandbox(() => Date.parse('2026-03-18T02:00:00Z'));
beforeEach(() => {
  // u1: the demo company's admin (agreed prices); u3: the second company's buyer; u4: its lab member (no editing).
  sandbox().authenticate((t) => ({ u1: 1, u2: 2, u3: 4, u4: 5 })[t] ?? null);
});
const demo = client(() => 'u1');
const buyer = client(() => 'u3');
const lab = client(() => 'u4');
const resolve = (lines: [string, number][]) => demo.call(quick.resolve, { input: { lines: lines.map(([code, qty]) => ({ code, qty })) } });

describe('resolve', () => {
  it('reads a goods code, a SKU code, a CAS number, a UN number and marks an unknown code', async () => {
    const { lines } = await resolve([
      ['1032', 2],
      ['103601', 1],
      ['7727-37-9', 3],
      ['UN1013', 1],
      ['ZZ-404', 1],
    ]);
    expect(lines.map((l) => [l.status, l.readAs])).toEqual([
      ['OK', '商品编码'],
      ['OK', '规格编码'],
      ['OK', 'CAS 号'],
      ['OK', 'UN 编号'],
      ['UNKNOWN', ''],
    ]);
    expect(lines[0]!.sku?.goodsId).toBe(1032);
    expect(lines[1]!.sku?.skuId).toBe(103601);
    expect(lines[3]!.sku?.goodsName).toContain('二氧化碳');
    expect(lines[4]!.message).toBe('未找到「ZZ-404」对应的商品');
  });

  it('prices a nitrogen CAS line at the company agreed SKU first', async () => {
    const { lines } = await resolve([['7727-37-9', 3]]);
    expect(lines[0]!.sku).toMatchObject({ skuId: 100101, priceFen: 16_500, listFen: 18_000, agreementNo: 'HQXY-2026-0318' });
    expect(lines[0]!.candidates.length).toBeGreaterThan(0);
  });

  it('reads formulas, trade names and pinyin; says what is wrong with a mistyped CAS and an off-multiple quantity', async () => {
    const { lines } = await resolve([
      ['CO₂', 1],
      ['电石气', 1],
      ['danqi', 1],
      ['7727-37-8', 1],
      ['100202', 3],
      ['1066', 1],
    ]);
    expect(lines[0]!.sku?.goodsName).toContain('二氧化碳');
    expect(lines[1]!.sku?.goodsName).toContain('乙炔');
    expect(lines[2]!.sku?.goodsName).toContain('氮气');
    expect(lines[3]).toMatchObject({ status: 'UNKNOWN', message: '「7727-37-8」不是有效的 CAS 号（校验位不符），请核对' });
    expect(lines[4]).toMatchObject({ status: 'QUANTITY', message: '须按 4 瓶的整数倍订购', suggestQty: 4 });
    expect(lines[5]).toMatchObject({ status: 'AMBIGUOUS' });
  });

  it('marks a delisted goods as discontinued, offering what is still sold', async () => {
    await hook('/goods', { id: 1036, marketEnable: 0, delistReason: '停产' });
    const { lines } = await resolve([['103601', 1]]);
    expect(lines[0]).toMatchObject({ status: 'DISCONTINUED', message: '商品已下架：停产' });
  });

  it('is gone with quick_part off', async () => {
    await hook('/view-control', { viewName: 'quick_part', isShow: 0 });
    expect(await failure(resolve([['1032', 1]]))).toBe('快速下单未开放');
  });
});

describe('add', () => {
  it('puts the valid lines in the cart in one request and reports a refused one', async () => {
    const r = await demo.call(quick.add, {
      input: {
        lines: [
          { skuId: 103201, qty: 1 },
          { skuId: 103601, qty: 2 },
          { skuId: 999999, qty: 1 },
        ],
      },
    });
    expect(r).toMatchObject({ added: 2, failed: [{ skuId: 999999, msg: '商品不存在' }] });
    const c = await demo.call(cart.list);
    expect(c.cartNum).toBe(r.cartNum);
  });

  it("buys the lab member's past order again: the delisted bundle refused with its reason, the others in the cart", async () => {
    const { list } = await lab.call(order.list, { input: { pageNumber: 1, pageSize: 5 } });
    const past = list.find((o) => o.lines.some((l) => l.sku_id === 107101))!;
    const r = await lab.call(quick.add, { input: { lines: past.lines.map((l) => ({ skuId: l.sku_id, qty: l.num })) } });
    expect(r.added).toBe(2);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]!.skuId).toBe(107101);
    expect(r.failed[0]!.msg).toMatch(/下架|停/);
  });
});

describe('purchase lists', () => {
  it('are shared within the company: the buyer edits, the lab member uses, another company sees none', async () => {
    const page = await lab.call(quick.lists, { input: {} });
    expect(page).toMatchObject({ total: 1, canEdit: false, list: [{ name: '激光实验室月度用气', lineCount: 3 }] });
    const id = page.list[0]!.id;
    expect((await lab.call(quick.list, { params: { id } })).lines.map((l) => l.status)).toEqual(['OK', 'OK', 'DISCONTINUED']);
    expect(await failure(lab.call(quick.saveList, { input: { id, name: '改名', lines: [{ skuId: 100101, qty: 1 }] } }))).toBe(
      '只有管理员或采购员可以编辑清单',
    );
    expect(await failure(demo.call(quick.list, { params: { id } }))).toBe('清单不存在');
    const saved = await buyer.call(quick.saveList, { input: { name: '焊接车间', lines: [{ skuId: 103601, qty: 2 }] } });
    expect((await lab.call(quick.lists, { input: {} })).list[0]).toMatchObject({ id: saved.id, name: '焊接车间' });
    await buyer.call(quick.deleteList, { input: { id: saved.id } });
    expect((await lab.call(quick.lists, { input: {} })).total).toBe(1);
  });
});
