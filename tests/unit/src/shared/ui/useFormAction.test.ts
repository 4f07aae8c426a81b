// @vitest-environment happy-dom
// The one way islands act (src/shared/ui/useFormAction.ts, on useActionState): pending from the tap to the answer, a second tap ignored,
// the success toast, field messages, a refusal in the form, and the shop's reaction to any other failure.
import { act, createElement, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/shared/api/errors.ts';
import { check } from '#src/shared/validation/form.ts';
import { $toasts, clearToasts } from '#src/shared/ui/toast.ts';
import { useFormAction, type FormAction, type FormActionOptions } from '#src/shared/ui/useFormAction.ts';
import * as v from 'valibot';

const handled = vi.hoisted(() => [] as unknown[]);
vi.mock('#src/shared/api/api-errors.ts', () => ({ handleApiError: (e: unknown) => handled.push(e) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  handled.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  clearToasts();
});

/** Mounts a component holding the action; returns the latest action object after each render. */
function mount<A extends unknown[], R>(call: (...a: A) => Promise<R>, options?: FormActionOptions<A, R>) {
  const seen: { current: FormAction<A> | null } = { current: null };
  function Probe() {
    const action = useFormAction(call, options);
    useEffect(() => {
      seen.current = action;
    });
    seen.current = action;
    return createElement('button', { 'aria-disabled': action.pending }, action.pending ? '提交中…' : '提交');
  }
  act(() => root.render(createElement(Probe)));
  return () => seen.current!;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const texts = () => $toasts.get().map((t) => `${t.kind}:${t.text}`);

describe('useFormAction', () => {
  it('is pending from the tap to the answer, ignores a second tap, then toasts the success', async () => {
    const answer = deferred<{ name: string }>();
    const call = vi.fn((_id: number) => answer.promise);
    const after = vi.fn();
    const action = mount(call, { success: (r) => `已加入 ${r.name}`, onSuccess: after });
    act(() => action().run(1));
    expect(action().pending).toBe(true);
    expect(host.textContent).toBe('提交中…');
    act(() => action().run(1));
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve({ name: '无锡恒达' }));
    expect(action().pending).toBe(false);
    expect(texts()).toContain('success:已加入 无锡恒达');
    expect(after).toHaveBeenCalledWith({ name: '无锡恒达' }, 1);
    expect(handled).toEqual([]);
  });

  it('hands a failure to the shop’s reaction once, and may be run again', async () => {
    const failure = new ApiError('http', 'test.call', 500, '请求失败');
    const call = vi.fn(() => Promise.reject(failure));
    const failed = vi.fn();
    const action = mount(call, { success: '已保存', onFailure: failed });
    await act(async () => action().run());
    expect(handled).toEqual([failure]);
    expect(failed).toHaveBeenCalledOnce();
    expect(action().pending).toBe(false);
    expect(texts()).not.toContain('success:已保存');
    await act(async () => action().run());
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('lets the island show a failure itself; a refusal can go above the form’s buttons', async () => {
    const refusal = new ApiError('business', 'test.call', 400, '收货地址不存在');
    const own = mount(() => Promise.reject(refusal), { onError: () => true });
    await act(async () => own().run());
    expect(handled).toEqual([]);
    act(() => root.unmount());
    root = createRoot(host);
    const inForm = mount(() => Promise.reject(refusal), { refusalInForm: true });
    await act(async () => inForm().run());
    expect(inForm().errors).toEqual({ form: '收货地址不存在' });
    expect(handled).toEqual([]);
  });

  it('shows a form’s messages by field and clears them once the form passes', () => {
    const action = mount(() => Promise.resolve());
    const schema = v.object({ name: v.pipe(v.string(), v.nonEmpty('请输入收货人姓名')) });
    act(() => void action().validated(check(schema, { name: '' })));
    expect(action().errors).toEqual({ name: '请输入收货人姓名' });
    act(() => void action().validated(check(schema, { name: '王工' })));
    expect(action().errors).toEqual({});
  });

  it('stays pending after a success that leaves the page', async () => {
    const action = mount(() => Promise.resolve(1), { keepPending: true });
    await act(async () => action().run());
    expect(action().pending).toBe(true);
  });
});
