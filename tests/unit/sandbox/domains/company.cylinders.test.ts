import { beforeEach, describe, expect, it } from 'vitest';
import { company } from '#src/shared/api/contract/company.ts';
import { cylinders } from '#src/shared/api/contract/cylinders.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, hook } = useSandbox();
beforeEach(() => sandbox().authenticate((t) => (t === 'u1' ? 1 : null)));
const admin = client(() => 'u1');
/** The China calendar month of an instant, as the statement asks for it. */
const monthOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 7);

describe('the company statement with the cylinder feature', () => {
  it("lists the month's cylinder deposits, refunds and rent of the company's members, and leaves them out with cylinder_part off", async () => {
    const ledger = (await admin.call(cylinders.ledger, { input: { pageNumber: 1, pageSize: 50 } })).list;
    const rent = ledger.find((e) => e.kind === 'RENT');
    expect(rent).toBeDefined();
    const month = monthOf(rent!.time);
    const inMonth = ledger.filter((e) => monthOf(e.time) === month && e.kind !== 'FORFEIT');

    const st = await admin.call(company.statement, { input: { month } });
    const cyl = st.lines.filter((l) => l.kind === 'CYLINDER_RENT' || l.kind === 'CYLINDER_DEPOSIT');
    expect(cyl).toHaveLength(inMonth.length);
    expect(cyl.find((l) => l.kind === 'CYLINDER_RENT' && l.sn === rent!.ref)?.amount).toBe(rent!.amount);
    expect(st.totals.cylinders).toBeCloseTo(
      inMonth.reduce((a, e) => a + e.amount, 0),
      2,
    );

    await hook('/view-control', { viewName: 'cylinder_part', isShow: 0 });
    const off = await admin.call(company.statement, { input: { month } });
    expect(off.lines.some((l) => l.kind.startsWith('CYLINDER'))).toBe(false);
  });
});
