// The mixed-loading rule for the catalogue's classes and the split of a cart into shipments.
import { describe, expect, it } from 'vitest';
import { mayLoadTogether, parseLabels, reasonApart, splitShipments, type DgLabel } from '#src/features/hazmat/segregation.ts';

const H2: DgLabel[] = ['2.1'];
const O2: DgLabel[] = ['2.2', '5.1'];
const N2: DgLabel[] = ['2.2'];
const HCL: DgLabel[] = ['2.3', '8'];
const CL2: DgLabel[] = ['2.3', '5.1', '8'];

describe('mixed loading of the catalogue classes', () => {
  it('keeps a flammable gas (2.1) apart from an oxidizer (5.1), either way round, citing the rule', () => {
    expect(mayLoadTogether(H2, ['5.1'])).toBe(false);
    expect(mayLoadTogether(['5.1'], H2)).toBe(false);
    expect(mayLoadTogether(H2, O2)).toBe(false);
    expect(mayLoadTogether(CL2, H2)).toBe(false);
    expect(reasonApart(H2, O2)).toBe(
      '2.1 易燃气体与 5.1 氧化性物质不得同车装运（GB/T 34525-2017：所装介质接触后能引起燃烧、爆炸的气瓶不得同车装运）',
    );
    expect(reasonApart(O2, H2)).toMatch(/^5\.1 氧化性物质与 2\.1 易燃气体/);
  });
  it('lets non-flammable, toxic and corrosive gases travel with either', () => {
    expect(mayLoadTogether(N2, H2)).toBe(true);
    expect(mayLoadTogether(N2, O2)).toBe(true);
    expect(mayLoadTogether(HCL, H2)).toBe(true);
    expect(mayLoadTogether(HCL, O2)).toBe(true);
    expect(mayLoadTogether(H2, H2)).toBe(true);
    expect(mayLoadTogether(O2, CL2)).toBe(true);
    expect(reasonApart(N2, H2)).toBeNull();
  });
  it('reads labels as the goods parameters print them', () => {
    expect(parseLabels('2.3（5.1，8）')).toEqual(['2.3', '5.1', '8']);
    expect(parseLabels('2.2 非易燃无毒气体（次要危险 5.1 氧化性）')).toEqual(['2.2', '5.1']);
    expect(parseLabels('')).toEqual([]);
  });
});

describe('splitShipments', () => {
  const line = (name: string, labels: DgLabel[]) => ({ name, labels });
  it('puts an oxidizer and a flammable gas in two shipments, others with the first that fits', () => {
    const out = splitShipments([line('O2', O2), line('N2', N2), line('H2', H2), line('regulator', []), line('C2H2', H2)]);
    expect(out.map((s) => s.map((l) => l.name))).toEqual([
      ['O2', 'N2', 'regulator'],
      ['H2', 'C2H2'],
    ]);
  });
  it('keeps one shipment when nothing conflicts, and none for an empty list', () => {
    expect(splitShipments([line('N2', N2), line('HCl', HCL), line('H2', H2)])).toHaveLength(1);
    expect(splitShipments([])).toEqual([]);
  });
  it('does not let a line join a shipment because of what it is compatible with alone', () => {
    // N2 fits anywhere; the H2 that follows may not join the O2 shipment N2 went into.
    const out = splitShipments([line('O2', O2), line('H2', H2), line('N2', N2), line('N2O', O2)]);
    expect(out.map((s) => s.map((l) => l.name))).toEqual([['O2', 'N2', 'N2O'], ['H2']]);
  });
});
