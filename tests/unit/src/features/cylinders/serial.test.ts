import { describe, expect, it } from 'vitest';
import { isSerial, normalizeSerial } from '#src/features/cylinders/serial.ts';

describe('cylinder serials', () => {
  it('accepts two letters and eight digits only', () => {
    expect(isSerial('SH24050137')).toBe(true);
    expect(isSerial('SH2405013')).toBe(false);
    expect(isSerial('sh24050137')).toBe(false);
    expect(isSerial('SH24050137<')).toBe(false);
  });
  it('reads what a buyer types or a code carries', () => {
    expect(normalizeSerial(' sh 2405-0137 ')).toBe('SH24050137');
    expect(normalizeSerial('https://shop.example/cylinder/SH24050137')).toBe('SH24050137');
    expect(normalizeSerial('SH2405013X')).toBeNull();
  });
});
