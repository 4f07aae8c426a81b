// @vitest-environment happy-dom
// The islands' form (src/shared/ui/Form.tsx) with the one action helper: a submit runs as a form action, its button is busy
// and disabled while the call is pending, messages show by field, and what was typed survives React's reset of the form.
import { act, createElement as h, Fragment, type ComponentProps } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { check, formText } from '#src/shared/validation/form.ts';
import { clearForm, Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { clearToasts } from '#src/shared/ui/toast.ts';

vi.mock('#src/shared/api/api-errors.ts', () => ({ handleApiError: () => undefined }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  clearToasts();
});

const Input = v.object({
  name: v.pipe(v.string(), v.nonEmpty('请输入收货人姓名')),
  phone: v.pipe(v.string(), v.regex(/^1\d{10}$/, '手机号格式不正确')),
});

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function mount(call: (value: v.InferOutput<typeof Input>, form: HTMLFormElement) => Promise<void>, clear = false) {
  function Island() {
    const save = useFormAction(call, { onSuccess: (_, _value, form) => clear && clearForm(form) });
    const onSubmit = (form: HTMLFormElement) => {
      const r = check(Input, formText(form));
      if (save.validated(r)) save.run(r.value, form);
    };
    const fields = h(
      Fragment,
      null,
      h('input', { name: 'name', 'aria-invalid': Boolean(save.errors.name) }),
      h('input', { name: 'phone', defaultValue: '', 'aria-invalid': Boolean(save.errors.phone) }),
      h('p', { id: 'messages' }, Object.values(save.errors).join('|')),
      h(FormFoot, { label: '保存', pending: save.pending }),
    );
    // Its children come as the third argument; the props' type names them too, hence the cast.
    return h(Form, { label: '收货地址', onSubmit } as ComponentProps<typeof Form>, fields);
  }
  act(() => root.render(h(Island)));
  const form = host.querySelector('form')!;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const button = () => form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  // A click on the button, as a member submits (happy-dom's FormData refuses the null submitter of requestSubmit()).
  const submit = () => act(async () => button().click());
  const messages = () => host.querySelector('#messages')!.textContent;
  return { form, field, button, submit, messages };
}

describe('Form with useFormAction', () => {
  it('shows the messages by field and keeps what was typed', async () => {
    const call = vi.fn(() => Promise.resolve());
    const f = mount(call);
    f.field('name').value = '王工';
    f.field('phone').value = '123';
    await f.submit();
    expect(f.messages()).toBe('手机号格式不正确');
    expect(f.field('name').value).toBe('王工');
    expect(f.field('phone').value).toBe('123');
    expect(call).not.toHaveBeenCalled();
  });

  it('is busy from the submit to the answer, ignores a second submit, and keeps the input after a failure', async () => {
    const answer = deferred();
    const call = vi.fn(() => answer.promise);
    const f = mount(call);
    f.field('name').value = '王工';
    f.field('phone').value = '13800138000';
    await f.submit();
    expect(f.button().textContent).toBe('提交中…');
    expect(f.button().getAttribute('aria-disabled')).toBe('true');
    await f.submit();
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => answer.reject(new Error('网络错误')));
    expect(f.button().textContent).toBe('保存');
    expect(f.field('name').value).toBe('王工');
    expect(f.field('phone').value).toBe('13800138000');
  });

  it('empties the form when the island clears it after a success', async () => {
    const f = mount(() => Promise.resolve(), true);
    f.field('name').value = '王工';
    f.field('phone').value = '13800138000';
    await f.submit();
    expect(f.field('name').value).toBe('');
    expect(f.button().textContent).toBe('保存');
  });
});
