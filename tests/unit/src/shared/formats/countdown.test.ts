import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_IDLE_LABEL,
  SMS_COUNTDOWN_SECONDS,
  countdownEnd,
  countdownLabel,
  msToNextTick,
  remainingSeconds,
  resumableEnd,
} from '#src/shared/formats/countdown.ts';

const T0 = 1_700_000_000_000;

describe('countdown', () => {
  it('lasts 60 s and counts whole seconds up to the end', () => {
    expect(SMS_COUNTDOWN_SECONDS).toBe(60);
    const end = countdownEnd(T0);
    expect(end - T0).toBe(60_000);
    expect(remainingSeconds(end, T0)).toBe(60);
    expect(remainingSeconds(end, T0 + 1)).toBe(60);
    expect(remainingSeconds(end, T0 + 1000)).toBe(59);
    expect(remainingSeconds(end, T0 + 59_001)).toBe(1);
    expect(remainingSeconds(end, T0 + 60_000)).toBe(0);
    expect(remainingSeconds(end, T0 + 90_000)).toBe(0);
  });

  it("labels the wait and the idle state in the shop's words", () => {
    expect(countdownLabel(59)).toBe('重新获取(59s)');
    expect(countdownLabel(1)).toBe('重新获取(1s)');
    expect(countdownLabel(0)).toBe('获取验证码');
    expect(COUNTDOWN_IDLE_LABEL).toBe('获取验证码');
    expect(countdownLabel(0, '发送验证码')).toBe('发送验证码');
  });

  it("ticks on the clock's second boundaries", () => {
    const end = countdownEnd(T0);
    expect(msToNextTick(end, T0)).toBe(1000);
    expect(msToNextTick(end, T0 + 250)).toBe(750);
    expect(msToNextTick(end, T0 + 59_900)).toBe(100);
    expect(msToNextTick(end, end)).toBe(0);
    // After each tick the label has moved on by exactly one second.
    let now = T0 + 130;
    const shown: number[] = [];
    while (now < end) {
      now += msToNextTick(end, now);
      shown.push(remainingSeconds(end, now));
    }
    expect(shown).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
  });

  it('resumes after a reload with the time that is left', () => {
    const end = countdownEnd(T0);
    const reloadAt = T0 + 12_400;
    const resumed = resumableEnd(String(end), reloadAt);
    expect(resumed).toBe(end);
    expect(countdownLabel(remainingSeconds(resumed!, reloadAt))).toBe('重新获取(48s)');
  });

  it('does not resume what is over, missing, garbage or longer than a whole countdown', () => {
    const end = countdownEnd(T0);
    expect(resumableEnd(String(end), end)).toBeNull();
    expect(resumableEnd(String(end), end + 5000)).toBeNull();
    expect(resumableEnd(null, T0)).toBeNull();
    expect(resumableEnd('', T0)).toBeNull();
    expect(resumableEnd('abc', T0)).toBeNull();
    expect(resumableEnd('1e20', T0)).toBeNull();
    expect(resumableEnd(String(T0 + 3_600_000), T0)).toBeNull();
    expect(resumableEnd(String(countdownEnd(T0, 120)), T0, 120)).toBe(T0 + 120_000);
  });
});
