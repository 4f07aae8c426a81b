// Messages a page leaves for the next one: a plain text (what most pages leave) is one success; a sign-in that reloads the
// page carries what the page said meanwhile (已加入购物车, a refusal) with its kind.
import { describe, expect, it } from 'vitest';
import { decodeFlash, encodeFlash, toastsSince } from '#src/shared/ui/flash.ts';

describe('flash messages', () => {
  it('keeps a single success as its plain text, and reads a plain text as one success', () => {
    expect(encodeFlash([{ kind: 'success', text: '退出成功!' }])).toBe('退出成功!');
    expect(decodeFlash('退出成功!')).toEqual([{ kind: 'success', text: '退出成功!' }]);
    expect(decodeFlash('[系统] 已更新')).toEqual([{ kind: 'success', text: '[系统] 已更新' }]);
    expect(decodeFlash(null)).toEqual([]);
    expect(decodeFlash('')).toEqual([]);
  });

  it('round-trips several messages and their kinds, and drops malformed ones', () => {
    const items = [
      { kind: 'success', text: '登录成功' },
      { kind: 'success', text: '已加入购物车' },
      { kind: 'error', text: '库存不足' },
    ] as const;
    expect(decodeFlash(encodeFlash(items))).toEqual(items);
    expect(decodeFlash(encodeFlash([{ kind: 'error', text: '库存不足' }]))).toEqual([{ kind: 'error', text: '库存不足' }]);
    expect(
      decodeFlash(JSON.stringify([{ kind: 'warn', text: 'x' }, { kind: 'info', text: '' }, null, 'x', { kind: 'info', text: '好' }])),
    ).toEqual([{ kind: 'info', text: '好' }]);
  });

  it('carries the toasts that appeared since, not the ones already shown', () => {
    const before = [{ id: 1, kind: 'success' as const, text: '登录成功' }];
    const now = [...before, { id: 2, kind: 'success' as const, text: '已加入购物车' }, { id: 3, kind: 'error' as const, text: '库存不足' }];
    expect(toastsSince(before, now)).toEqual([
      { kind: 'success', text: '已加入购物车' },
      { kind: 'error', text: '库存不足' },
    ]);
    expect(toastsSince(now, now)).toEqual([]);
  });
});
