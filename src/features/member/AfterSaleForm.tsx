/** Applying for after-sales (docs/product.md §2 my-aftersales/applyAftersale): choose lines and quantities of a received order, the type, a reason, a description and up to 5 photos; one application per chosen line. */
import { useState } from 'react';
import { AFTER_SALE_TYPE_LABEL, member, type AfterSaleType } from '#src/shared/api/contract/member.ts';
import type { OrderLine } from '#src/shared/api/contract/order.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field, { FieldMessage } from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';

interface Props {
  sn: string;
  lines: Pick<OrderLine, 'sku_id' | 'goodsName' | 'specs' | 'num' | 'deposit' | 'unit'>[];
  /** Types the order's status allows. */
  types: AfterSaleType[];
  /** Filled in from a signed proof of delivery that noted a shortage or damage (`?reason=&description=`). */
  prefill?: { reason: string; description: string };
}

export const REASONS = ['气体纯度不达标', '钢瓶或阀门损坏', '规格与订单不符', '数量短缺', '不再需要', '退还空钢瓶', '其他'];

/** A required choice from a list, starting on 请选择… so the member picks one. */
function Choice({
  label,
  name,
  error,
  options,
  initial = '',
}: {
  label: string;
  name: string;
  error?: string;
  options: [value: string, text: string][];
  initial?: string;
}) {
  return (
    <Field label={label} name={name} required error={error}>
      {(p) => (
        <select {...p} defaultValue={initial}>
          <option value="">{`请选择${label}`}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export default function AfterSaleForm({ sn, lines, types, prefill }: Props) {
  const [chosen, setChosen] = useState<Record<number, number>>(() => (lines.length === 1 ? { [lines[0]!.sku_id]: lines[0]!.num } : {}));
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  // One application per chosen line; the last one's page follows, or the list when there were several.
  const save = useFormAction(
    async (inputs: InputOf<typeof member.applyAfterSale>[]) => {
      let last = 0;
      for (const input of inputs) last = (await browserApi.call(member.applyAfterSale, { input })).id;
      return last;
    },
    {
      success: '售后申请已提交，请等待审核',
      onSuccess: (last, inputs) =>
        location.assign(inputs.length === 1 ? `/member/my-aftersales/details?id=${last}` : '/member/my-aftersales'),
      keepPending: true,
    },
  );
  const { errors } = save;

  function submit(form: HTMLFormElement) {
    const t = formText(form);
    const picked = Object.entries(chosen).map(([sku, num]) => ({ skuId: Number(sku), num }));
    if (picked.length === 0) return save.setErrors({ skuId: '请选择售后商品' });
    const inputs = [];
    for (const p of picked) {
      const r = check(member.applyAfterSale.input, {
        sn,
        skuId: p.skuId,
        type: t.type || undefined,
        reason: t.reason,
        description: t.description,
        num: p.num,
        images: photos.map((f) => f.url),
      });
      if (!save.validated(r)) return;
      inputs.push(r.value);
    }
    save.run(inputs);
  }

  return (
    <Form label="申请售后" onSubmit={submit}>
      <fieldset className="m-choice u-display-grid u-gap-8px" aria-describedby={errors.skuId || errors.num ? 'as-lines-error' : undefined}>
        <legend>售后商品与数量</legend>
        {lines.map((l) => {
          const on = chosen[l.sku_id] !== undefined;
          return (
            <div className="u-display-flex u-flex-wrap-wrap u-gap-12px u-align-items-center" key={l.sku_id}>
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setChosen((c) => {
                      const next = { ...c };
                      if (checked) next[l.sku_id] = l.num;
                      else delete next[l.sku_id];
                      return next;
                    });
                  }}
                />
                {l.goodsName}（{l.specs}）× {l.num}
              </label>
              {on && (
                <label>
                  数量
                  <input
                    type="number"
                    min={1}
                    max={l.num}
                    value={chosen[l.sku_id]}
                    className="u-width-80px u-min-height-44px u-padding-0-8px u-border-1px-solid-cbd2d9 u-border-radius-6px"
                    onChange={(e) => {
                      const n = Number(e.currentTarget.value);
                      setChosen((c) => ({ ...c, [l.sku_id]: n }));
                    }}
                  />
                  <span className="visually-hidden">{l.goodsName}</span>
                </label>
              )}
            </div>
          );
        })}
      </fieldset>
      <FieldMessage id="as-lines-error" error={errors.skuId || errors.num} />
      <Choice label="售后类型" name="type" error={errors.type} options={types.map((k) => [k, AFTER_SALE_TYPE_LABEL[k]])} />
      <Choice label="申请原因" name="reason" error={errors.reason} options={REASONS.map((r) => [r, r])} initial={prefill?.reason} />
      <Field label="问题描述" name="description" error={errors.description} hint="如钢瓶编号、检测数据、破损部位等">
        {(p) => <textarea {...p} maxLength={500} defaultValue={prefill?.description} />}
      </Field>
      <Uploader label="凭证图片" files={photos} onChange={setPhotos} max={5} imagesOnly error={errors.images} />
      <FormFoot label="提交申请" pending={save.pending} />
    </Form>
  );
}
