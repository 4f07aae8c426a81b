import { describe, expect, it } from 'vitest';
import { inspectionState, nextInspection, periodOf, periodYears } from '#src/features/cylinders/inspection.ts';

// Periods of TSG 23-2021 chapter 9 and GB/T 13004-2016: inert, N2, SF6 and >= 99.999 % non-corrosive gases 5 years,
// corrosive gases 2 years, other gases 3 years, a mixture the shortest of its gases.
describe('inspection periods', () => {
  it('takes 5 years for inert gases and nitrogen, 2 for corrosive gases, 3 for the others', () => {
    expect(periodYears('inert')).toBe(5);
    expect(periodYears('corrosive')).toBe(2);
    expect(periodYears('general')).toBe(3);
  });
  it('takes 5 years for a non-corrosive gas of purity >= 99.999 %, not for 99.995 % or a corrosive one', () => {
    expect(periodYears('general', 99.999)).toBe(5);
    expect(periodYears('general', 99.995)).toBe(3);
    expect(periodYears('corrosive', 99.9999)).toBe(2);
  });
  it('gives a mixture the shortest period of its gases', () => {
    expect(periodOf(['corrosive', 'inert'])).toBe(2); // SO2 in nitrogen
    expect(periodOf(['general', 'inert'], 99.999)).toBe(3); // CO in nitrogen: the purity exemption is for pure gases
    expect(periodOf(['inert'])).toBe(5);
  });
  it('adds the period to the last inspection; 29 February falls to 28 February', () => {
    expect(nextInspection('2023-06-15', 3)).toBe('2026-06-15');
    expect(nextInspection('2024-02-29', 2)).toBe('2026-02-28');
    expect(nextInspection('2024-02-29', 4)).toBe('2028-02-29');
  });
  it('warns 30 days before the due date and is overdue from the day after it', () => {
    expect(inspectionState('2026-12-25', '2026-11-24')).toBe('ok'); // 31 days left
    expect(inspectionState('2026-12-24', '2026-11-24')).toBe('due'); // 30 days left
    expect(inspectionState('2026-11-24', '2026-11-24')).toBe('due'); // due today: still usable today
    expect(inspectionState('2026-11-23', '2026-11-24')).toBe('overdue');
  });
});
