// @vitest-environment happy-dom
// The tax number field of the member centre's forms (src/shared/ui/TaxNoField.tsx): a credit code whose check character is
// off is warned about as it is typed, tied to the input for screen readers, and a corrected code clears the warning.
import { act, createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import TaxNoField from '#src/shared/ui/TaxNoField.tsx';

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
});

/** Types into the input as React sees it: the native value setter, then an input event. */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const warning = () => host.querySelector<HTMLElement>('.ui-field-warning');

it('warns about a mistyped credit code and names the check character, then clears when corrected', () => {
  act(() => root.render(h(TaxNoField, { label: '纳税人识别号' })));
  const input = host.querySelector('input')!;
  type(input, '914403001922038217');
  expect(warning()?.textContent).toContain('第 18 位应为 6');
  expect(input.getAttribute('aria-describedby')).toContain(warning()!.id);
  type(input, '914403001922038216');
  expect(warning()).toBeNull();
});

it('warns at once about a saved code that fails the check, beside an error the form reports', () => {
  act(() => root.render(h(TaxNoField, { label: '纳税人识别号', defaultValue: '914403001922038217' })));
  expect(warning()?.textContent).toContain('第 18 位应为 6');
  act(() => root.render(h(TaxNoField, { label: '纳税人识别号', defaultValue: '914403001922038217', error: '税号格式错误' })));
  expect(warning()?.textContent).toContain('第 18 位应为 6');
  expect(host.textContent).toContain('税号格式错误');
});

it('says nothing about a 15-character tax number', () => {
  act(() => root.render(h(TaxNoField, { label: '纳税人识别号' })));
  type(host.querySelector('input')!, '320506123456789');
  expect(warning()).toBeNull();
});
