/** Sets up or edits a standing order of cylinder goods: goods and SKU, quantity, cadence, delivery window, address, PO number and cost centre (company buying), empties collected on delivery. Validated with the contract's schema; input stays on error. */
import { useState } from 'react';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import type { Address } from '#src/shared/api/contract/member.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import {
  STANDING_MAX_QTY,
  WINDOW_LABEL,
  standing,
  type Cadence,
  type DeliveryWindow,
  type StandingOptions,
  type StandingOrder,
} from '#src/shared/api/contract/standing.ts';
import { check, formText, type FieldErrors } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field, { FieldMessage } from '#src/shared/ui/Field.tsx';
import { Form, SubmitButton } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Props {
  options: StandingOptions;
  addresses: Address[];
  /** The standing order being edited; absent for a new one. */
  editing?: StandingOrder;
  /** Where to go once saved. */
  listUrl: string;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;
const WEEKDAY_LABEL = ['', '周一', '周二', '周三', '周四', '周五', '周六'];
const CADENCES: { value: Cadence; label: string; hint: string }[] = [
  { value: 'WEEKLY', label: '每周', hint: '可选多个配送日' },
  { value: 'BIWEEKLY', label: '每两周', hint: '选一个配送日，从本周起每隔一周' },
  { value: 'MONTHLY', label: '每月', hint: '每月固定日期（1–28 日）' },
];
/** Server messages that belong to one field, so they show beside it. */
const FIELD_OF: [RegExp, string][] = [
  [/规格|商品/, 'skuId'],
  [/配送日/, 'weekdays'],
  [/地址/, 'addressId'],
  [/采购单号/, 'poNumber'],
  [/成本中心/, 'costCentre'],
  [/数量|瓶/, 'quantity'],
];

export default function StandingForm({ options, addresses, editing, listUrl }: Props) {
  const firstGoods = options.goods.find((g) => g.skus.some((k) => k.skuId === editing?.skuId)) ?? options.goods[0];
  const [goodsId, setGoodsId] = useState<number | undefined>(editing ? firstGoods?.goodsId : undefined);
  const [skuId, setSkuId] = useState<number | undefined>(editing?.skuId);
  const [cadence, setCadence] = useState<Cadence>(editing?.cadence ?? 'WEEKLY');
  const [weekdays, setWeekdays] = useState<number[]>(editing?.weekdays ?? []);
  const save = useFormAction(
    (input: InputOf<typeof standing.create>) =>
      editing
        ? browserApi.call(standing.update, { params: { id: String(editing.id) }, input })
        : browserApi.call(standing.create, { input }),
    {
      success: editing ? '定期订单已更新' : '定期订单已创建',
      keepPending: true,
      onSuccess: () => location.assign(listUrl),
      onError: (e) => {
        if (!(e instanceof ApiError && e.kind === 'business' && e.status === 400)) return false;
        const field = FIELD_OF.find(([re]) => re.test(e.message))?.[1] ?? 'form';
        save.setErrors({ [field]: e.message });
        return true;
      },
    },
  );
  const { errors, setErrors, pending: busy } = save;
  const goods = options.goods.find((g) => g.goodsId === goodsId);
  const sku = goods?.skus.find((k) => k.skuId === skuId);
  const company = options.company;

  function submit(form: HTMLFormElement) {
    const t = formText(form);
    const input = {
      skuId: Number(t.skuId) || undefined,
      quantity: t.quantity === '' ? undefined : Number(t.quantity),
      cadence,
      weekdays: cadence === 'MONTHLY' ? [] : weekdays,
      monthDay: Number(t.monthDay ?? 1),
      window: t.window as DeliveryWindow | undefined,
      addressId: Number(t.addressId) || undefined,
      collectEmpties: t.collectEmpties === 'on',
      remark: t.remark ?? '',
      poNumber: t.poNumber ?? '',
      costCentre: t.costCentre ?? '',
    };
    const r = check(standing.create.input, input);
    const more: FieldErrors = {};
    if (!input.skuId) more.skuId = goodsId ? '请选择商品规格' : '请选择商品';
    if (cadence !== 'MONTHLY' && weekdays.length === 0) more.weekdays = '请选择配送日（周一至周六）';
    if (cadence === 'BIWEEKLY' && weekdays.length > 1) more.weekdays = '每两周配送请只选择一个配送日';
    if (company?.poRequired && !input.poNumber.trim()) more.poNumber = '请填写采购单号';
    if (company?.costCentreRequired && !input.costCentre.trim()) more.costCentre = '请填写成本中心';
    const all = { ...(r.ok ? {} : r.errors), ...more };
    if (!r.ok || Object.keys(more).length) {
      setErrors(all);
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    save.run(r.value);
  }

  if (!options.goods.length) return <p className="m-empty">暂无可定期配送的钢瓶气体。请联系客服开通。</p>;
  if (!addresses.length)
    return (
      <p className="m-empty">
        还没有收货地址。请先<a href="/member/my-address">添加收货地址</a>，再设置定期订单。
      </p>
    );

  return (
    <Form label={editing ? '修改定期订单' : '新建定期订单'} onSubmit={submit}>
      {errors.form && (
        <p className="m-form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="m-grid-2">
        <Field label="商品" name="goodsId" required error={goodsId ? undefined : errors.skuId}>
          {(p) => (
            <select
              {...p}
              value={goodsId ?? ''}
              onChange={(e) => {
                setGoodsId(Number(e.currentTarget.value) || undefined);
                setSkuId(undefined);
              }}
            >
              <option value="">请选择商品</option>
              {options.goods.map((g) => (
                <option key={g.goodsId} value={g.goodsId}>
                  {g.goodsName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="规格"
          name="skuId"
          required
          error={goodsId ? errors.skuId : undefined}
          hint={sku ? `单价 ¥${sku.price.toFixed(2)} · 钢瓶押金 ¥${sku.deposit.toFixed(2)}/瓶 · 现有库存 ${sku.stock}` : undefined}
        >
          {(p) => (
            <select {...p} value={skuId ?? ''} disabled={!goods} onChange={(e) => setSkuId(Number(e.currentTarget.value) || undefined)}>
              <option value="">{goods ? '请选择规格' : '请先选择商品'}</option>
              {goods?.skus.map((k) => (
                <option key={k.skuId} value={k.skuId}>
                  {k.specs}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="每次数量（瓶）" name="quantity" required error={errors.quantity}>
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="numeric"
            min={1}
            max={STANDING_MAX_QTY}
            step={1}
            defaultValue={editing?.quantity ?? ''}
            className="u-max-width-160px"
          />
        )}
      </Field>
      <fieldset className="m-choice" aria-describedby="so-cadence-hint">
        <legend>
          配送周期
          <span className="m-req" aria-hidden="true">
            *
          </span>
        </legend>
        {CADENCES.map((c) => (
          <label key={c.value}>
            <input type="radio" name="cadence" value={c.value} checked={cadence === c.value} onChange={() => setCadence(c.value)} />
            {c.label}
          </label>
        ))}
        <p className="m-hint" id="so-cadence-hint">
          {CADENCES.find((c) => c.value === cadence)?.hint}。遇法定节假日顺延至节后第一个工作日。
        </p>
      </fieldset>
      {cadence === 'MONTHLY' ? (
        <Field label="每月配送日" name="monthDay" required error={errors.monthDay}>
          {(p) => (
            <select {...p} defaultValue={editing?.monthDay ?? 1} className="u-max-width-160px">
              {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
                <option key={d} value={d}>
                  每月 {d} 日
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <fieldset
          className="m-choice"
          aria-invalid={Boolean(errors.weekdays)}
          aria-describedby={errors.weekdays ? 'so-weekdays-error' : undefined}
          tabIndex={errors.weekdays ? -1 : undefined}
        >
          <legend>
            配送日
            <span className="m-req" aria-hidden="true">
              *
            </span>
          </legend>
          {WEEKDAYS.map((d) => (
            <label key={d}>
              <input
                type={cadence === 'BIWEEKLY' ? 'radio' : 'checkbox'}
                name="weekday"
                value={d}
                checked={weekdays.includes(d)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setWeekdays((w) => (cadence === 'BIWEEKLY' ? [d] : on ? [...w, d].sort() : w.filter((x) => x !== d)));
                }}
              />
              {WEEKDAY_LABEL[d]}
            </label>
          ))}
          <FieldMessage id="so-weekdays-error" error={errors.weekdays} />
        </fieldset>
      )}
      <fieldset className="m-choice">
        <legend>
          送货时段
          <span className="m-req" aria-hidden="true">
            *
          </span>
        </legend>
        {(Object.keys(WINDOW_LABEL) as DeliveryWindow[]).map((w) => (
          <label key={w}>
            <input type="radio" name="window" value={w} defaultChecked={(editing?.window ?? 'AM') === w} />
            {WINDOW_LABEL[w]}
          </label>
        ))}
      </fieldset>
      <Field label="收货地址" name="addressId" required error={errors.addressId}>
        {(p) => (
          <select {...p} defaultValue={editing?.address.id ?? addresses.find((a) => a.isDefault === 1)?.id ?? addresses[0]?.id}>
            {addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} {a.phone} · {a.regionText} {a.detail}
              </option>
            ))}
          </select>
        )}
      </Field>
      {company && (
        <div className="m-grid-2">
          <Field
            label="采购单号（PO）"
            name="poNumber"
            required={company.poRequired}
            error={errors.poNumber}
            hint="每次生成的订单都带上此单号"
          >
            {(p) => <input {...p} maxLength={40} defaultValue={editing?.poNumber ?? ''} autoComplete="off" />}
          </Field>
          <Field label="成本中心" name="costCentre" required={company.costCentreRequired} error={errors.costCentre}>
            {(p) => <input {...p} maxLength={40} defaultValue={editing?.costCentre ?? ''} autoComplete="off" />}
          </Field>
        </div>
      )}
      <fieldset className="m-choice">
        <legend>空瓶回收</legend>
        <label>
          <input type="checkbox" name="collectEmpties" defaultChecked={editing?.collectEmpties ?? true} />
          送货时随车回收同规格空瓶（换瓶；回收的钢瓶入库后退还押金）
        </label>
      </fieldset>
      <Field label="备注" name="remark" error={errors.remark}>
        {(p) => <textarea {...p} maxLength={100} rows={2} defaultValue={editing?.remark ?? ''} />}
      </Field>
      <p className="m-hint">
        每次配送在送货日前一个工作日 16:00
        截单并自动生成订单（按国务院办公厅节假日安排计算工作日，含调休上班日）；截单前可跳过或修改该次配送。
      </p>
      <div className="m-form-actions">
        <SubmitButton pending={busy} pendingLabel="保存中…">
          {editing ? '保存修改' : '创建定期订单'}
        </SubmitButton>
        <a className="btn" href={listUrl}>
          取消
        </a>
      </div>
    </Form>
  );
}
