import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '#src/shared/api/contract/auth.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { quotes, type MixtureInput, type SiteInput } from '#src/shared/api/contract/quotes.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

let clock = Date.parse('2026-11-24T08:00:00Z');
const { client, sandbox, hook, raw } = useSandbox(() => clock);
beforeEach(() => {
  clock = Date.parse('2026-11-24T08:00:00Z');
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const u1 = client(() => 'u1');
const u2 = client(() => 'u2');

const co: MixtureInput = {
  balance: 'n2',
  components: [{ gas: 'co', value: '100', unit: 'ppm' }],
  tolerance: 'T5',
  uncertainty: 'U2',
  cylinder: '40L-ST',
  pressure: '15',
  minTemp: 0,
  quantity: '2',
};
const quoteBody = {
  lines: [{ name: 'CO/N₂ 100 ppm 40L 钢瓶', quantity: 2, unit: '瓶', price: 880.5 }],
  freight: 50,
  validDays: 15,
  terms: '款到发货',
};

describe('mixture requests', () => {
  it("are checked again on the server with the page's rules and messages", async () => {
    const made = await u1.call(quotes.mixture, { input: co });
    expect(made).toMatchObject({ status: 'SUBMITTED', statusText: '已提交', kind: 'MIXTURE', actions: ['MESSAGE', 'DECLINE'] });
    expect(made.sn).toMatch(/^QT\d{8}\d{5}$/);
    expect(made.request).toContainEqual({ label: '组分 1', value: '一氧化碳（CO） 100 ppm' });
    expect(
      await failure(u1.call(quotes.mixture, { input: { ...co, balance: 'air', components: [{ gas: 'ch4', value: '10', unit: 'pct' }] } })),
    ).toMatch(/LFL 的 227.3%，超过 60% 的限值/);
    expect(
      await failure(
        u1.call(quotes.mixture, { input: { ...co, balance: 'co2', components: [{ gas: 'o2', value: '100', unit: 'ppm' }], minTemp: 20 } }),
      ),
    ).toMatch(/饱和蒸气压 5.73 MPa/);
    expect(await failure(u1.call(quotes.mixture, { input: { ...co, pressure: '1e1' } }))).toBe(
      '充装压力：请直接填写数值，不支持科学计数法',
    );
    expect(await failure(u1.call(quotes.mixture, { input: { ...co, quantity: '-1' } }))).toBe('数量：不能为负数');
    const nine = ['o2', 'ar', 'he', 'h2', 'co2', 'ch4', 'c2h6', 'c3h8', 'c2h4'].map((gas) => ({ gas, value: '1', unit: 'ppm' }));
    expect(await failure(u1.call(quotes.mixture, { input: { ...co, components: nine as MixtureInput['components'] } }))).toBe(
      '组分最多 8 个',
    );
  });
  it("need a member; another member's quote is 404", async () => {
    expect(await failure(client().call(quotes.mixture, { input: co }))).toBe('登录过期，请重新登录');
    const made = await u1.call(quotes.mixture, { input: co });
    expect(await failure(u2.call(quotes.detail, { params: { id: made.id } }))).toBe('报价单不存在');
    expect(await failure(u2.call(quotes.accept, { params: { id: made.id }, input: { version: 1 } }))).toBe('报价单不存在');
  });
});

describe('the thread and the order', () => {
  it('replies and quotes count as unread, accept twice is one acceptance, Confirmorder prices the quote, one order per quote', async () => {
    const made = await u1.call(quotes.mixture, { input: co });
    const unread0 = (await u1.call(auth.unread)).total;
    expect((await hook(`/quotes/${made.id}/reply`, { content: '请问需要哪种阀门接口？' })).body.data).toMatchObject({ status: 'QUOTING' });
    expect((await hook(`/quotes/${made.id}/quote`, quoteBody)).body.data).toMatchObject({ status: 'QUOTED', total: 1811 });
    expect((await u1.call(auth.unread)).total).toBe(unread0 + 2);
    expect((await u1.call(quotes.list, { input: {} })).list.find((q) => q.id === made.id)).toMatchObject({
      unread: 2,
      statusText: '已报价',
    });
    const opened = await u1.call(quotes.detail, { params: { id: made.id } });
    expect(opened.versions[0]).toMatchObject({ version: 1, goodsTotal: 1761, freight: 50, total: 1811, terms: '款到发货' });
    expect((await u1.call(quotes.list, { input: {} })).list.find((q) => q.id === made.id)!.unread).toBe(0);

    const [a, b] = await Promise.all([
      u1.call(quotes.accept, { params: { id: made.id }, input: { version: 1 } }),
      u1.call(quotes.accept, { params: { id: made.id }, input: { version: 1 } }),
    ]);
    expect(a.status).toBe('ACCEPTED');
    expect(b.status).toBe('ACCEPTED');
    expect(a.messages.filter((m) => m.content === '已接受第 1 版报价')).toHaveLength(1);

    const checkout = await u1.call(order.confirm, { input: { way: 'QUOTE', quoteId: made.id } });
    expect(checkout).toMatchObject({
      way: 'QUOTE',
      goodsTotal: 1761,
      freight: 50,
      payable: 1811,
      coupons: [],
      quote: { id: made.id, version: 1 },
    });
    expect(checkout.shops[0]!.sku_list[0]).toMatchObject({ goodsName: 'CO/N₂ 100 ppm 40L 钢瓶', price: 880.5, num: 2, subtotal: 1761 });

    const addressId = (await u1.call(member.addresses))[0]!.id;
    const body = { addressId, quoteId: made.id, payable: 1811 };
    const created = await u1.call(order.create, { params: { type: 'QUOTE' }, input: body, idempotencyKey: 'quote-tab-1' });
    expect(created.payable).toBe(1811);
    // The same key answers the same order; another tab's key is refused: one order per quote.
    expect((await u1.call(order.create, { params: { type: 'QUOTE' }, input: body, idempotencyKey: 'quote-tab-1' })).sn).toBe(created.sn);
    expect(await failure(u1.call(order.create, { params: { type: 'QUOTE' }, input: body, idempotencyKey: 'quote-tab-2' }))).toBe(
      `该报价已下单（订单号 ${created.sn}），请勿重复下单`,
    );
    const detail = await u1.call(order.detail, { params: { sn: created.sn } });
    expect(detail.lines[0]).toMatchObject({ goodsName: 'CO/N₂ 100 ppm 40L 钢瓶', specs: `报价单 ${made.sn} 第 1 版`, price: 880.5 });
    expect((await u1.call(quotes.detail, { params: { id: made.id } })).orderSn).toBe(created.sn);
    expect(sandbox().db.get('SELECT quote_id, version FROM quote_orders WHERE order_id = ?', created.orderId)).toEqual({
      quote_id: made.id,
      version: 1,
    });
  });

  it('refuses an expired quote, a stale version and an order before acceptance', async () => {
    const made = await u1.call(quotes.mixture, { input: co });
    await hook(`/quotes/${made.id}/quote`, quoteBody);
    expect(await failure(u1.call(order.confirm, { input: { way: 'QUOTE', quoteId: made.id } }))).toBe('请先接受报价');
    await hook(`/quotes/${made.id}/quote`, { ...quoteBody, validDays: 1 });
    expect(await failure(u1.call(quotes.accept, { params: { id: made.id }, input: { version: 1 } }))).toBe(
      '该版本不是最新报价，请刷新后查看',
    );
    clock += 2 * 24 * 60 * 60_000;
    const seen = await u1.call(quotes.detail, { params: { id: made.id } });
    expect(seen).toMatchObject({ status: 'EXPIRED', statusText: '已过期', actions: ['MESSAGE', 'REVISE', 'DECLINE'] });
    expect(await failure(u1.call(quotes.accept, { params: { id: made.id }, input: { version: 2 } }))).toBe('报价已过期，请申请重新报价');
    expect((await u1.call(quotes.revise, { params: { id: made.id }, input: { content: '请延长有效期' } })).status).toBe('QUOTING');
    expect((await u1.call(quotes.decline, { params: { id: made.id }, input: { reason: '项目取消' } })).status).toBe('CLOSED');
    expect(await failure(u1.call(quotes.message, { params: { id: made.id }, input: { content: '在吗' } }))).toBe('报价单已关闭');
  });
});

describe('bulk and on-site requests', () => {
  const site: SiteInput = {
    gas: 'LIN',
    purity: '≥99.999%',
    consumption: '20',
    consumptionUnit: 'TMONTH',
    pressure: '0.8',
    regionIds: [320000, 320500, 320506],
    regionText: '江苏省 苏州市 吴中区',
    detail: '郭巷街道 1 号',
    space: '现有 10 m³ 储罐',
    tankerAccess: 'YES',
    startDate: '2026-12-01',
  };
  it("take only this member's uploads as attachments and a start date from today", async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])]), '罐区.png');
    const up = (await raw('/api/upload', { method: 'POST', body: form, headers: { authorization: 'Bearer u1' } })).body.data as {
      url: string;
    };
    const made = await u1.call(quotes.bulk, { input: { ...site, attachments: [{ url: up.url, name: '罐区.png' }] } });
    expect(made).toMatchObject({ kind: 'BULK', title: '液态大宗气体 · 液氮 20 t/月', attachments: [{ url: up.url, name: '罐区.png' }] });
    expect(await failure(u2.call(quotes.bulk, { input: { ...site, attachments: [{ url: up.url, name: 'x.png' }] } }))).toBe(
      '附件不存在，请重新上传',
    );
    expect(await failure(u1.call(quotes.bulk, { input: { ...site, startDate: '2026-11-01' } }))).toBe('开始供气日期不能早于今天');
    expect(await failure(u1.call(quotes.bulk, { input: { ...site, consumption: '0' } }))).toBe('用量：必须大于 0');
    expect(await failure(u1.call(quotes.onsite, { input: { ...site, gas: 'N2' } }))).toBe('请选择制气方式');
    expect((await u1.call(quotes.onsite, { input: { ...site, gas: 'N2', technology: 'PSA', consumptionUnit: 'NM3H' } })).kind).toBe(
      'ONSITE',
    );
  });
});
