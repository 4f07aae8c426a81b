import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  TOAST_DURATION_MS,
  TOAST_MAX_VISIBLE,
  clearToasts,
  dismissToast,
  pauseToasts,
  resumeToasts,
  toast,
} from '#src/shared/ui/toast.ts';

const texts = () => $toasts.get().map((t) => t.text);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it('shows a message with its kind and removes it after 3 s', () => {
    toast.success('登录成功');
    expect($toasts.get()).toEqual([{ id: expect.any(Number), kind: 'success', text: '登录成功' }]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(texts()).toEqual(['登录成功']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('keeps at most 3 visible, dropping the oldest', () => {
    expect(TOAST_MAX_VISIBLE).toBe(3);
    toast.info('一');
    toast.error('二');
    toast.success('三');
    toast.success('退出成功!');
    expect(texts()).toEqual(['二', '三', '退出成功!']);
  });

  it('gives each toast its own clock: a later one outlives an earlier one', () => {
    toast.info('早');
    vi.advanceTimersByTime(2000);
    toast.info('晚');
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual(['晚']);
    vi.advanceTimersByTime(2000);
    expect(texts()).toEqual([]);
  });

  it('a dropped toast leaves no timer that could remove a newer one', () => {
    const first = toast.info('一');
    toast.info('二');
    toast.info('三');
    toast.info('四');
    expect($toasts.get().some((t) => t.id === first)).toBe(false);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(texts()).toEqual(['二', '三', '四']);
  });

  it('dismisses by id', () => {
    const a = toast.error('删除失败');
    toast.success('删除成功！');
    dismissToast(a);
    expect(texts()).toEqual(['删除成功！']);
    dismissToast(a);
    expect(texts()).toEqual(['删除成功！']);
  });

  it('shows the same message once and restarts its time', () => {
    const a = toast.error('登录过期');
    vi.advanceTimersByTime(2000);
    const b = toast.error('登录过期');
    expect(b).toBe(a);
    expect(texts()).toEqual(['登录过期']);
    vi.advanceTimersByTime(2000);
    expect(texts()).toEqual(['登录过期']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual([]);
  });

  it('the same text of another kind is another toast', () => {
    toast.info('提示');
    toast.error('提示');
    expect($toasts.get().map((t) => t.kind)).toEqual(['info', 'error']);
  });

  it('pauses while being read and gives full time again on resume', () => {
    toast.info('请注意查收');
    vi.advanceTimersByTime(2500);
    pauseToasts();
    toast.success('短信发送成功，请注意查收！');
    vi.advanceTimersByTime(10_000);
    expect(texts()).toEqual(['请注意查收', '短信发送成功，请注意查收！']);
    resumeToasts();
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(texts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('closing the last toast by hand ends the pause', () => {
    const a = toast.info('一');
    pauseToasts();
    dismissToast(a);
    toast.info('二');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(texts()).toEqual([]);
  });
});
