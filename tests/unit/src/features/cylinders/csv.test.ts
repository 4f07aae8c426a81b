import { describe, expect, it } from 'vitest';
import type { HeldCylinder } from '#src/shared/api/contract/cylinders.ts';
import { BOM, csvField, cylindersCsv } from '#src/features/cylinders/csv.ts';
import { overLimit, resetLimits, TRACE_LIMIT, TRACE_WINDOW_MS } from '#src/features/cylinders/rate-limit.server.ts';

const row: HeldCylinder = {
  serial: 'SH23110412',
  gasId: 3,
  gasName: '氩气',
  formula: 'Ar',
  size: '40L 钢瓶',
  goodsName: '高纯氩气 Ar 99.999%',
  orderSn: '',
  deliveredOn: '2026-01-02',
  daysOnSite: 76,
  freeDaysLeft: 0,
  rentSoFar: 46,
  rateToday: 1,
  rentRule: '前 30 天免租，之后 ¥1.00/天',
  deposit: 600,
  nextInspection: '2029-01-01',
  inspectionState: 'ok',
  state: 'ON_SITE',
};

describe('cylinder CSV', () => {
  it('starts with a BOM, uses CRLF and writes money to the fen', () => {
    const csv = cylindersCsv([row]);
    expect(csv.startsWith(BOM)).toBe(true);
    const [head, line] = csv.slice(1).split('\r\n');
    expect(head!.split(',')[0]).toBe('钢瓶号');
    expect(line).toBe(
      'SH23110412,氩气,40L 钢瓶,高纯氩气 Ar 99.999%,线下发货,2026-01-02,76,0,46.00,1.00,600.00,2029-01-01,在检验期内,在用,前 30 天免租，之后 ¥1.00/天',
    );
  });
  it('quotes commas and quotes, and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-5)).toBe('-5');
  });
});

describe('trace page limit', () => {
  it('lets a visitor make 30 requests a minute, answers the wait after, and counts visitors apart', () => {
    resetLimits();
    const t0 = 1_000_000;
    for (let i = 0; i < TRACE_LIMIT; i++) expect(overLimit('1.2.3.4', t0 + i)).toBeNull();
    expect(overLimit('1.2.3.4', t0 + 30_000)).toBe(30);
    expect(overLimit('5.6.7.8', t0 + 30_000)).toBeNull();
    expect(overLimit('1.2.3.4', t0 + TRACE_WINDOW_MS)).toBeNull();
  });
});
