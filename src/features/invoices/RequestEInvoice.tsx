/**
 * Requesting a 数电票 (docs/invoices.md): one received or completed order with one of the member's invoice titles, or, for the
 * company's 管理员/财务, one merged invoice (合并开票) for a month's received orders. Checked with the contract's schemas; the
 * page reloads to list the new invoice.
 */
import { einvoice, type Candidates } from '#src/shared/api/contract/einvoice.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { yuanText } from './xml.ts';

export interface TitleChoice {
  id: number;
  label: string;
  company: boolean;
}

interface Props {
  candidates: Candidates;
  titles: TitleChoice[];
}

export function TitleField({ titles, error }: { titles: TitleChoice[]; error?: string }) {
  return (
    <Field label="发票抬头" name="titleId" required error={error} hint="抬头在“发票抬头”中维护">
      {(p) => (
        <select {...p} defaultValue={titles[0]?.id ?? ''}>
          {titles.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function OrderRequest({ candidates, titles }: Props) {
  const save = useFormAction((input: InputOf<typeof einvoice.request>) => browserApi.call(einvoice.request, { input }), {
    success: (inv) => `发票已开具，号码 ${inv.number}`,
    reloadAfter: 800,
  });
  const submit = (form: HTMLFormElement) => {
    const t = formText(form);
    const r = check(einvoice.request.input, { sn: t.sn, titleId: Number(t.titleId) });
    if (save.validated(r)) save.run(r.value);
  };
  if (!candidates.own.length) return <p className="m-empty">暂无可开票的订单：订单确认收货后即可在此申请开票。</p>;
  return (
    <Form label="按订单开票" onSubmit={submit}>
      <Field label="订单" name="sn" required error={save.errors.sn}>
        {(p) => (
          <select {...p} defaultValue={candidates.own[0]?.sn}>
            {candidates.own.map((o) => (
              <option key={o.sn} value={o.sn}>
                {o.sn} · ¥{yuanText(o.grossFen)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TitleField titles={titles} error={save.errors.titleId} />
      <FormFoot label="申请开票" pending={save.pending} error={save.errors.form} />
    </Form>
  );
}

function MergedRequest({ candidates, titles }: Props) {
  const merge = candidates.merge!;
  const companyTitles = titles.filter((t) => t.company);
  const save = useFormAction((input: InputOf<typeof einvoice.merge>) => browserApi.call(einvoice.merge, { input }), {
    success: (inv) => `合并发票已开具，号码 ${inv.number}`,
    reloadAfter: 800,
  });
  const submit = (form: HTMLFormElement) => {
    const t = formText(form);
    const r = check(einvoice.merge.input, { month: t.month, titleId: Number(t.titleId) });
    if (save.validated(r)) save.run(r.value);
  };
  return (
    <Form label="合并开票" onSubmit={submit}>
      <p className="m-hint">
        {merge.companyName} {merge.month} 已收货未开票订单 {merge.orders.length} 笔，合计 ¥{yuanText(merge.grossFen)}（钢瓶押金不开票）。
      </p>
      <Field label="月份" name="month" required error={save.errors.month}>
        {(p) => <input {...p} type="month" defaultValue={merge.month} />}
      </Field>
      {companyTitles.length ? (
        <TitleField titles={companyTitles} error={save.errors.titleId} />
      ) : (
        <p className="m-error">合并开票须使用单位抬头：请先在“发票抬头”中添加。</p>
      )}
      <FormFoot label="合并开票" pending={save.pending} error={save.errors.form} />
    </Form>
  );
}

export default function RequestEInvoice(props: Props) {
  return (
    <div className="m-grid-2">
      <section aria-labelledby="einv-one">
        <h2 id="einv-one">按订单开票</h2>
        <OrderRequest {...props} />
      </section>
      {props.candidates.merge && (
        <section aria-labelledby="einv-merge">
          <h2 id="einv-merge">合并开票（企业财务）</h2>
          <MergedRequest {...props} />
        </section>
      )}
    </div>
  );
}
