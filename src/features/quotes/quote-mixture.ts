/**
 * The mixture configurator's behaviour without React: reads the form into a MixtureRequest, runs checkMixture on every input
 * synchronously (the answer is painted in the same frame as the keystroke), keeps the draft in sessionStorage so it survives
 * the login a visitor is asked for, and sends the request.
 */
import { quotes } from '#src/shared/api/contract/quotes.ts';
import { DRAFT_KEY, readDraft, type MixtureDraft } from './draft.ts';
import { checkMixture, indicativePrice, MAX_COMPONENTS, type Comparable, type MixtureCheck, type RuleId, type Unit } from './mixture.ts';
import type { GasId, StorageTemperature } from './gases.ts';
import { myQuoteUrl } from './routes.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { openLogin } from '#src/shared/session/dialogs.ts';
import { $profile } from '#src/shared/session/session.ts';
import { ApiError } from '#src/shared/api/errors.ts';

const storage = (): Storage | null => {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
};

export function startMixtureForm(form: HTMLFormElement): void {
  const el = <T extends Element>(sel: string) => form.ownerDocument.querySelector<T>(sel);
  const field = <T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(name: string) => form.elements.namedItem(name) as T;
  const rows = [...form.querySelectorAll<HTMLLIElement>('[data-row]')];
  const addButton = form.querySelector<HTMLButtonElement>('[data-add]')!;
  const comparables = JSON.parse(el<HTMLElement>('[data-comparables]')?.dataset.comparables || '[]') as Comparable[];
  let count = 1;
  let sending = false;

  function read(): MixtureDraft {
    return {
      balance: field<HTMLSelectElement>('balance').value as GasId,
      components: rows.slice(0, count).map((_, i) => ({
        gas: field<HTMLSelectElement>(`gas-${i}`).value as GasId | '',
        value: field<HTMLInputElement>(`value-${i}`).value,
        unit: field<HTMLSelectElement>(`unit-${i}`).value as Unit,
      })),
      tolerance: field<HTMLSelectElement>('tolerance').value as MixtureDraft['tolerance'],
      uncertainty: field<HTMLSelectElement>('uncertainty').value as MixtureDraft['uncertainty'],
      cylinder: field<HTMLSelectElement>('cylinder').value as MixtureDraft['cylinder'],
      pressure: field<HTMLInputElement>('pressure').value,
      minTemp: Number(field<HTMLSelectElement>('minTemp').value) as StorageTemperature,
      quantity: field<HTMLInputElement>('quantity').value,
      remark: field<HTMLTextAreaElement>('remark').value,
    };
  }

  function write(d: MixtureDraft): void {
    field('balance').value = d.balance;
    count = Math.max(1, Math.min(MAX_COMPONENTS, d.components.length));
    rows.forEach((_, i) => {
      const c = d.components[i];
      field(`gas-${i}`).value = c?.gas ?? '';
      field(`value-${i}`).value = c?.value ?? '';
      field(`unit-${i}`).value = c?.unit ?? 'ppm';
    });
    field('tolerance').value = d.tolerance;
    field('uncertainty').value = d.uncertainty;
    field('cylinder').value = d.cylinder;
    field('pressure').value = d.pressure;
    field('minTemp').value = String(d.minTemp);
    field('quantity').value = d.quantity;
    field('remark').value = d.remark;
  }

  /** Shows what the rules say: each rule's state and message, the field messages, the verdict and the price range. */
  function paint(check: MixtureCheck, d: MixtureDraft): void {
    const pristine = d.components.every((c) => !c.gas && !c.value);
    // An untouched form says what to do in the verdict, not in red under each field; a send attempt shows every message.
    const quiet = (f: MixtureCheck['findings'][number]) => pristine && !attempted && f.field?.startsWith('components.') === true;
    rows.forEach((row, i) => (row.hidden = i >= count));
    addButton.hidden = count >= MAX_COMPONENTS;
    for (const li of form.ownerDocument.querySelectorAll<HTMLLIElement>('[data-rule]')) {
      const rule = li.dataset.rule as RuleId;
      const found = check.findings.filter((f) => f.rule === rule);
      const failed = found.filter((f) => !f.ok);
      li.className = found.length === 0 ? 'is-idle' : failed.length ? 'is-fail' : 'is-ok';
      li.querySelector('[data-rule-msg]')!.textContent =
        (failed.length ? failed : found).map((f) => f.message).join('；') || (rule === 'input' ? '' : '待填写完整后检查');
    }
    for (const p of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
      const key = p.dataset.errorFor!;
      const msgs = check.findings
        .filter((f) => !f.ok && !quiet(f) && f.field !== undefined && (f.field === key || f.field.startsWith(`${key}.`)))
        .map((f) => f.message);
      p.textContent = msgs.join('；');
    }
    rows.forEach((_, i) => {
      const bad = check.findings.some((f) => !f.ok && !quiet(f) && f.field?.startsWith(`components.${i}.`));
      field(`value-${i}`).setAttribute('aria-invalid', String(bad));
    });
    for (const name of ['pressure', 'quantity'])
      field(name).setAttribute('aria-invalid', String(check.findings.some((f) => !f.ok && f.field === name)));
    const verdict = el<HTMLElement>('[data-verdict]')!;
    const failures = check.findings.filter((f) => !f.ok).length;
    verdict.className = `q-verdict ${pristine ? '' : check.ok ? 'is-ok' : 'is-fail'}`;
    verdict.textContent = pristine
      ? '请选择组分并填写含量。'
      : check.ok
        ? '可以配制：全部检查通过，可提交询价。'
        : `有 ${failures} 项需要调整，见可行性检查。`;
    // The same verdict beside the send button (on a phone the checks are below the form).
    const mini = form.querySelector<HTMLElement>('[data-verdict-mini]')!;
    mini.className = verdict.className;
    mini.textContent = verdict.textContent;
    const price = el<HTMLElement>('[data-price]')!;
    const range = check.ok ? indicativePrice(d, comparables, Number(d.quantity)) : null;
    price.hidden = !range;
    if (range)
      price.textContent = `参考价：¥${formatPrice(range.low)} – ¥${formatPrice(range.high)} 起（目录中 ${range.basis.length} 个同类标准气体的起售价 × 数量，以销售报价为准）`;
  }

  /** Set by the first send: from then on every field message shows, even on an untouched form. */
  let attempted = false;

  function update(): MixtureCheck {
    const d = read();
    storage()?.setItem(DRAFT_KEY, JSON.stringify(d));
    const check = checkMixture(d);
    paint(check, d);
    return check;
  }

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  addButton.addEventListener('click', () => {
    if (count >= MAX_COMPONENTS) return;
    count++;
    update();
    field<HTMLSelectElement>(`gas-${count - 1}`).focus();
  });
  form.addEventListener('click', (e) => {
    const remove = (e.target as Element).closest<HTMLButtonElement>('[data-remove]');
    if (!remove) return;
    const d = read();
    d.components.splice(Number(remove.dataset.remove), 1);
    if (d.components.length === 0) d.components.push({ gas: '', value: '', unit: 'ppm' });
    write(d);
    update();
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    attempted = true;
    void send();
  });

  async function send(): Promise<void> {
    if (sending) return;
    const check = update();
    const error = form.querySelector<HTMLElement>('[data-send-error]')!;
    if (!check.ok) {
      error.hidden = false;
      error.textContent = '请先按右侧说明调整配置，再提交询价。';
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    error.hidden = true;
    // A visitor signs in first; the draft in sessionStorage brings the configuration back on this page after the login.
    if (!$profile.get()) return openLogin(location.pathname + location.search);
    const { remark, ...req } = read();
    const button = form.querySelector<HTMLButtonElement>('[data-send]')!;
    sending = true;
    button.disabled = true;
    button.textContent = '正在提交…';
    try {
      // checkMixture passed, so every component has its gas.
      const components = req.components.flatMap((c) => (c.gas ? [{ ...c, gas: c.gas }] : []));
      const made = await browserApi.call(quotes.mixture, { input: { ...req, components, remark } });
      storage()?.removeItem(DRAFT_KEY);
      const sent = form.querySelector<HTMLElement>('[data-sent]')!;
      sent.querySelector('[data-sent-sn]')!.textContent = made.sn;
      sent.querySelector<HTMLAnchorElement>('[data-sent-link]')!.href = myQuoteUrl(made.id);
      sent.hidden = false;
      sent.scrollIntoView({ block: 'center' });
      button.textContent = '已提交';
    } catch (err) {
      sending = false;
      button.disabled = false;
      button.textContent = '提交询价';
      if (err instanceof ApiError && err.kind === 'business' && !err.expired) {
        error.hidden = false;
        error.textContent = err.message;
      } else handleApiError(err);
    }
  }

  const draft = readDraft(storage()?.getItem(DRAFT_KEY) ?? null);
  if (draft) write(draft);
  update();
}
