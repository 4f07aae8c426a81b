// The certificate rules: number pattern, the 30-day notice and expiry on the printed (Beijing) day, uncertainty figures, the limiter.
import { chinaDayEnd } from '#src/shared/formats/china-time.ts';
import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '#src/features/certificates/attempts.ts';
import {
  addMonths,
  CERTIFICATE_ITEMS,
  daysLeft,
  formatValue,
  lookupPair,
  normalizeCertNo,
  relativeUncertainty,
  validity,
} from '#src/features/certificates/certificate.ts';

const DAY = 86_400_000;

describe('certificate numbers and the lookup pair', () => {
  it('accepts COA-yyyy-nnnnnn only, trimmed and upper-cased', () => {
    expect(normalizeCertNo(' coa-2026-000123 ')).toBe('COA-2026-000123');
    for (const bad of ['COA-2026-12345', 'COA-26-000123', "COA-2026-000123' OR 1=1", '', 'COA-2026-0001234'])
      expect(normalizeCertNo(bad)).toBeNull();
  });
  it('needs both halves well-formed', () => {
    expect(lookupPair('COA-2026-000001', 'sh24050137')).toEqual({ certNo: 'COA-2026-000001', serial: 'SH24050137' });
    expect(lookupPair('COA-2026-000001', 'SH2405013')).toBeNull();
    expect(lookupPair('COA-2026-01', 'SH24050137')).toBeNull();
  });
});

describe('validity', () => {
  // 2026-03-31 in Beijing; the certificate is valid through the whole printed day.
  const until = chinaDayEnd(Date.parse('2026-03-31T12:00:00+08:00'));
  it('is valid until 30 days before, expiring in the last 30 days, expired after the printed day', () => {
    expect(validity(until, Date.parse('2026-02-28T23:00:00+08:00'))).toBe('VALID');
    expect(validity(until, Date.parse('2026-03-02T00:00:00+08:00'))).toBe('EXPIRING');
    expect(validity(until, Date.parse('2026-03-31T23:59:00+08:00'))).toBe('EXPIRING');
    expect(validity(until, Date.parse('2026-04-01T00:00:01+08:00'))).toBe('EXPIRED');
    expect(daysLeft(until, Date.parse('2026-03-31T08:00:00+08:00'))).toBe(0);
    expect(daysLeft(until, Date.parse('2026-03-21T08:00:00+08:00'))).toBe(10);
    expect(daysLeft(until, Date.parse('2026-04-02T08:00:00+08:00'))).toBe(-2);
  });
  it('ends the stability period on the same day months later, clamped to the month', () => {
    const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(day(addMonths(Date.parse('2026-01-15T10:00:00+08:00'), 12))).toBe('2027-01-15');
    expect(day(addMonths(Date.parse('2026-01-31T10:00:00+08:00'), 1))).toBe('2026-02-28');
    expect(day(addMonths(Date.parse('2025-12-31T23:30:00+08:00'), 24))).toBe('2027-12-31');
    expect(addMonths(0, 0)).toBe(0);
    expect(DAY).toBe(86_400_000);
  });
});

describe('figures', () => {
  it('prints the relative expanded uncertainty and three significant figures', () => {
    // 2.5 % methane with U = 0.05 % absolute is 2 % relative (the goods' stated 2 %, k = 2).
    expect(relativeUncertainty(2.5, 0.05)).toBe(2);
    expect(relativeUncertainty(100, 1.5)).toBe(1.5);
    expect(relativeUncertainty(0, 1)).toBe(0);
    expect(formatValue(2.5)).toBe('2.50');
    expect(formatValue(101.2)).toBe('101');
    expect(formatValue(0.8)).toBe('0.800');
    expect(formatValue(18)).toBe('18.0');
  });
  it('lists every ISO 6141 item the record carries, and the EPA minimum items it covers', () => {
    expect(CERTIFICATE_ITEMS.every((i) => i.iso6141)).toBe(true);
    expect(CERTIFICATE_ITEMS.filter((i) => i.epa).map((i) => i.key)).toEqual(
      expect.arrayContaining(['serial', 'components', 'reference', 'analysedAt', 'validUntil', 'minPressure']),
    );
  });
});

describe('attempt limiter', () => {
  it('refuses the 11th failure within 10 minutes and forgets after the window', () => {
    const l = new AttemptLimiter(10, 600_000);
    for (let i = 0; i < 10; i++) {
      expect(l.allowed('a', 1000 + i)).toBe(true);
      l.fail('a', 1000 + i);
    }
    expect(l.allowed('a', 2000)).toBe(false);
    expect(l.allowed('b', 2000)).toBe(true);
    expect(l.allowed('a', 1000 + 600_000 + 10)).toBe(true);
  });
});
