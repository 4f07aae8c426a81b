// The 统一社会信用代码 check character (src/shared/validation/uscc.ts) against docs/invoices.md: the standard's worked
// example, real codes published on business licences, and the early pilot code that is real but fails the check.
import { describe, expect, it } from 'vitest';
import { checkUscc, usccCheckChar, usccWarning } from '#src/shared/validation/uscc.ts';

describe('usccCheckChar', () => {
  it('reproduces the worked example of GB 32100-2015: 91350100M000100Y4 calls for 3 (sum 1640, 1640 mod 31 = 28)', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
  });

  it.each([
    ['914403001922038216', '华为技术有限公司'],
    ['9144030071526726XG', '腾讯科技（深圳）有限公司'],
    ['91330100716105852F', '阿里巴巴（中国）有限公司'],
    ['91110108558521630L', '小米通讯技术有限公司'],
  ])('accepts the published code %s (%s)', (code) => {
    expect(checkUscc(code)).toEqual({ kind: 'ok' });
  });

  it('maps a remainder of 0 to the character 0 (31 - 0 is 31, which the standard writes as 0)', () => {
    // 17 zeros sum to 0.
    expect(usccCheckChar('00000000000000000')).toBe('0');
  });

  it('has no check character for letters outside the set (I, O, S, V, Z)', () => {
    expect(usccCheckChar('9132050OMA1N2QK83')).toBeNull();
  });
});

describe('checkUscc and its warning', () => {
  it('catches a mistyped character and names the expected check character', () => {
    expect(checkUscc('914403001922038217')).toEqual({ kind: 'check-fails', expected: '6' });
    expect(usccWarning('914403001922038217')).toContain('第 18 位应为 6');
  });

  it('warns, not refuses, on the real Fujian pilot code that fails the check', () => {
    expect(checkUscc('91350100M0001TGQXM').kind).toBe('check-fails');
    expect(usccWarning('91350100M0001TGQXM')).toContain('确认无误可继续提交');
  });

  it('reads a code as typed: spaces around it and small letters', () => {
    expect(checkUscc(' 9144030071526726xg ')).toEqual({ kind: 'ok' });
  });

  it('leaves 15- and 20-character tax numbers of the old registrations alone', () => {
    expect(checkUscc('320506123456789')).toEqual({ kind: 'not-a-credit-code' });
    expect(usccWarning('32050612345678901234')).toBeNull();
  });

  it('says which letters a code never has', () => {
    expect(usccWarning('9132050OMA1N2QK83T')).toContain('I、O、S、V、Z');
  });
});
