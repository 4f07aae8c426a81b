import { describe, expect, it } from 'vitest';
import {
  blueStatus,
  CONFIRM_WINDOW_MS,
  confirmationAt,
  planRed,
  redRemark,
  timeLeft,
  timeLeftText,
} from '#src/features/invoices/red-letter.ts';

const HOUR = 3_600_000;

describe('red-letter plan (docs/invoices.md Red-letter invoices)', () => {
  const unused = { grossFen: 100_000, redFen: 0, usedByBuyer: false };
  const used = { ...unused, usedByBuyer: true };

  it('before confirm-use: the full red invoice at once, no buyer confirmation', () => {
    expect(planRed(unused, { reason: 'RETURN', amountFen: 100_000 })).toEqual({
      ok: true,
      redFen: 100_000,
      needsBuyer: false,
      reissueFen: 0,
    });
    expect(planRed(unused, { reason: 'ERROR', amountFen: 100_000 })).toEqual({
      ok: true,
      redFen: 100_000,
      needsBuyer: false,
      reissueFen: 0,
    });
  });

  it('a partial return before confirm-use is a full red invoice and a new blue one for the rest', () => {
    expect(planRed(unused, { reason: 'RETURN', amountFen: 30_000 })).toEqual({
      ok: true,
      redFen: 100_000,
      needsBuyer: false,
      reissueFen: 70_000,
    });
  });

  it('after confirm-use: a 确认单 for the buyer; partial only for 销货退回 and 销售折让', () => {
    expect(planRed(used, { reason: 'RETURN', amountFen: 30_000 })).toEqual({ ok: true, redFen: 30_000, needsBuyer: true, reissueFen: 0 });
    expect(planRed(used, { reason: 'ALLOWANCE', amountFen: 5_000 })).toEqual({ ok: true, redFen: 5_000, needsBuyer: true, reissueFen: 0 });
    expect(planRed(used, { reason: 'SERVICE_END', amountFen: 5_000 })).toEqual({ ok: false, error: '服务终止只能全额红冲' });
    expect(planRed(used, { reason: 'SERVICE_END', amountFen: 100_000 })).toMatchObject({ ok: true, needsBuyer: true, redFen: 100_000 });
  });

  it('开票有误 is full only, before and after confirm-use', () => {
    expect(planRed(unused, { reason: 'ERROR', amountFen: 1 })).toEqual({ ok: false, error: '开票有误只能全额红冲' });
    expect(planRed(used, { reason: 'ERROR', amountFen: 99_999 })).toEqual({ ok: false, error: '开票有误只能全额红冲' });
  });

  it('never more than is left, never nothing', () => {
    expect(planRed({ ...used, redFen: 80_000 }, { reason: 'RETURN', amountFen: 30_000 })).toEqual({
      ok: false,
      error: '红冲金额不能超过发票未红冲的金额',
    });
    expect(planRed({ ...used, redFen: 100_000 }, { reason: 'RETURN', amountFen: 1 })).toEqual({ ok: false, error: '该发票已全额红冲' });
    expect(planRed(used, { reason: 'RETURN', amountFen: 0 })).toMatchObject({ ok: false });
    // what is left after a partial red is "full" for 开票有误
    expect(planRed({ ...used, redFen: 30_000 }, { reason: 'ERROR', amountFen: 70_000 })).toMatchObject({ ok: true, redFen: 70_000 });
  });
});

describe('the 72-hour lapse', () => {
  const c = { status: '02' as const, createdAt: 1_000_000 };

  it('waits for 72 hours, then lapses (07)', () => {
    expect(confirmationAt(c, c.createdAt + 71 * HOUR)).toBe('02');
    expect(confirmationAt(c, c.createdAt + CONFIRM_WINDOW_MS - 1)).toBe('02');
    expect(confirmationAt(c, c.createdAt + CONFIRM_WINDOW_MS)).toBe('07');
    expect(confirmationAt(c, c.createdAt + 73 * HOUR)).toBe('07');
  });

  it('a confirmed or refused one never lapses', () => {
    expect(confirmationAt({ ...c, status: '04' }, c.createdAt + 100 * HOUR)).toBe('04');
    expect(confirmationAt({ ...c, status: '05' }, c.createdAt + 100 * HOUR)).toBe('05');
  });

  it('shows the time left', () => {
    expect(timeLeft(c, c.createdAt + HOUR)).toBe(71 * HOUR);
    expect(timeLeftText(timeLeft(c, c.createdAt + HOUR))).toBe('还剩 71 小时 0 分');
    expect(timeLeftText(timeLeft(c, c.createdAt + HOUR + 1))).toBe('还剩 70 小时 59 分');
    expect(timeLeftText(30_000)).toBe('还剩不到 1 分钟');
    expect(timeLeftText(timeLeft(c, c.createdAt + 73 * HOUR))).toBe('已超时');
  });
});

describe('blue status and remark', () => {
  it('已开具, 部分红冲, 已红冲', () => {
    expect(blueStatus({ grossFen: 100, redFen: 0 })).toBe('ISSUED');
    expect(blueStatus({ grossFen: 100, redFen: 40 })).toBe('PARTLY_RED');
    expect(blueStatus({ grossFen: 100, redFen: 100 })).toBe('RED');
  });

  it('names the blue invoice and the 确认单 in the red one’s remark', () => {
    expect(redRemark('24112000000135114086', 'HZ0001')).toBe('被红冲蓝字数电发票号码：24112000000135114086 红字发票信息确认单编号：HZ0001');
  });
});
