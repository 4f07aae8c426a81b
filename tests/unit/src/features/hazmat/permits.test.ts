// Permit validity: review state, the validity window in China time, the 30-day flag, and which classes still lack a permit.
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { describe, expect, it } from 'vitest';
import { daysLeft, missingClasses, permitState, permitUsable, type PermitDates } from '#src/features/hazmat/permits.ts';

const approved = (validFrom: string, validTo: string): PermitDates => ({ review: 'APPROVED', validFrom, validTo });

describe('permitState', () => {
  const p = approved('2026-01-01', '2026-12-31');
  it('is valid inside the window and usable on its first and last day', () => {
    expect(permitState(p, '2026-06-01')).toBe('VALID');
    expect(permitUsable(p, '2026-01-01')).toBe(true);
    expect(permitUsable(p, '2026-12-31')).toBe(true);
  });
  it('flags the last 30 days and stops the day after the last', () => {
    expect(daysLeft(p, '2026-12-01')).toBe(30);
    expect(permitState(p, '2026-11-30')).toBe('VALID');
    expect(permitState(p, '2026-12-01')).toBe('EXPIRING');
    expect(permitState(p, '2026-12-31')).toBe('EXPIRING');
    expect(permitState(p, '2027-01-01')).toBe('EXPIRED');
    expect(permitUsable(p, '2027-01-01')).toBe(false);
  });
  it('is not usable before it starts, while pending or when rejected', () => {
    expect(permitState(p, '2025-12-31')).toBe('NOT_YET');
    expect(permitState({ ...p, review: 'PENDING' }, '2026-06-01')).toBe('PENDING');
    expect(permitUsable({ ...p, review: 'REJECTED' }, '2026-06-01')).toBe(false);
  });
  it('counts days in Beijing time: 16:30 UTC on the 31st is already the next day there', () => {
    expect(chinaDay(Date.parse('2026-12-31T15:59:00Z'))).toBe('2026-12-31');
    expect(chinaDay(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
});

describe('missingClasses', () => {
  it('names each needed class no usable permit covers, once', () => {
    const permits = [
      { controlClass: 'TOXIC' as const, ...approved('2026-01-01', '2026-12-31') },
      { controlClass: 'DRUG_PRECURSOR' as const, ...approved('2025-01-01', '2025-12-31') },
    ];
    expect(missingClasses(['TOXIC', 'TOXIC'], permits, '2026-06-01')).toEqual([]);
    expect(missingClasses(['TOXIC', 'DRUG_PRECURSOR'], permits, '2026-06-01')).toEqual(['DRUG_PRECURSOR']);
    expect(missingClasses(['TOXIC'], permits, '2027-01-02')).toEqual(['TOXIC']);
  });
});
