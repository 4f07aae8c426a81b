/** Blocker rules, cooling-off and the retention rules with their sources (会计档案管理办法, 发票管理办法). */
import { describe, expect, it } from 'vitest';
import {
  COOLING_OFF_DAYS,
  DAY_MS,
  deletionBlockers,
  dueAt,
  keptUntil,
  mergeFacts,
  NO_FACTS,
  RETENTION_RULES,
} from '#src/features/privacy/rules.ts';

describe('deletion blockers', () => {
  it('names none for a member who holds and owes nothing', () => {
    expect(deletionBlockers(NO_FACTS)).toEqual([]);
  });

  it('names each blocker with a link to settle it, in the order a member settles them', () => {
    const b = deletionBlockers({
      cylindersOnHand: 3,
      depositsHeld: 150000,
      openOrders: ['S1', 'S2'],
      openAftersales: 1,
      statementUnpaid: 98050,
      companyOthers: 2,
    });
    expect(b.map((x) => x.kind)).toEqual(['CYLINDERS', 'DEPOSITS', 'ORDERS', 'AFTERSALES', 'STATEMENT', 'COMPANY_ADMIN']);
    expect(b[0]).toMatchObject({ message: '您还有 3 只钢瓶在用，请先申请回收', link: '/member/my-cylinders' });
    expect(b[1]!.message).toContain('¥1500.00');
    expect(b[2]!.message).toContain('S1、S2');
    expect(b[4]!.message).toContain('¥980.50');
    expect(b[5]!.link).toBe('/member/my-company');
    for (const x of b) expect(x.link).toMatch(/^\/member\//);
  });

  it('shortens a long order list', () => {
    const [o] = deletionBlockers({ ...NO_FACTS, openOrders: ['A', 'B', 'C', 'D', 'E'] });
    expect(o!.message).toContain('A、B、C 等 5 个');
  });

  it('a cylinder whose return is requested still blocks through its deposit, not as on hand', () => {
    expect(deletionBlockers({ ...NO_FACTS, depositsHeld: 50000 }).map((x) => x.kind)).toEqual(['DEPOSITS']);
  });

  it("adds each domain's facts to the others'", () => {
    const f = mergeFacts(mergeFacts(NO_FACTS, { cylindersOnHand: 2, openOrders: ['X'] }), {
      cylindersOnHand: 1,
      openOrders: ['Y'],
      companyOthers: 1,
    });
    expect(f).toMatchObject({ cylindersOnHand: 3, openOrders: ['X', 'Y'], companyOthers: 1, depositsHeld: 0 });
  });
});

describe('cooling-off and retention', () => {
  it('is due 15 days after the request', () => {
    expect(COOLING_OFF_DAYS).toBe(15);
    expect(dueAt(1_000)).toBe(1_000 + 15 * DAY_MS);
  });

  it('keeps accounting vouchers 30 years and invoices 5, each with its law', () => {
    const orders = RETENTION_RULES.find((r) => r.tables.includes('orders'))!;
    expect(orders.years).toBe(30);
    expect(orders.basis).toContain('会计档案管理办法');
    const invoices = RETENTION_RULES.find((r) => r.tables.includes('invoices'))!;
    expect(invoices.years).toBe(5);
    expect(invoices.basis).toContain('发票管理办法');
  });

  it('counts the period from the end of the year the record was made (China time)', () => {
    expect(keptUntil(Date.UTC(2026, 5, 1), 30)).toBe('2057-01-01');
    // 31 Dec 2026 20:00 UTC is already 2027 in China.
    expect(keptUntil(Date.UTC(2026, 11, 31, 20), 5)).toBe('2033-01-01');
  });
});
