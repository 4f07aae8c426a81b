/** The member's addresses (docs/product.md §2 my-address): list, add and edit with the region picker to town level, delete with confirmation, set default. */
import { useState } from 'react';
import { member, ADDRESS_LIMIT, type Address } from '#src/shared/api/contract/member.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import type { RegionChoice } from '#src/shared/formats/regions.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import RegionPicker from '#src/shared/ui/RegionPicker.tsx';
import Confirm from './Confirm.tsx';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import ListHead from './ListHead.tsx';

interface Props {
  initial: Address[];
}

export default function AddressBook({ initial }: Props) {
  const [list, setList] = useState(initial);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [region, setRegion] = useState<RegionChoice | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);

  const reload = async () => setList(await browserApi.call(member.addresses, { silent: true }));
  const saving = useFormAction(
    async (input: InputOf<typeof member.saveAddress>) => {
      await browserApi.call(member.saveAddress, { input });
      await reload();
    },
    { success: (_, input) => (input.id ? '收货地址已更新' : '收货地址已添加'), onSuccess: () => setEditing(null) },
  );
  const { errors, setErrors } = saving;
  const makeDefault = useFormAction(
    async (a: Address) => {
      await browserApi.call(member.saveAddress, {
        input: { id: a.id, name: a.name, phone: a.phone, regionIds: a.regionIds, regionText: a.regionText, detail: a.detail, isDefault: 1 },
      });
      await reload();
    },
    { success: '已设为默认地址' },
  );
  const removal = useFormAction((a: Address) => browserApi.call(member.deleteAddress, { input: { id: a.id } }), {
    success: '删除成功！',
    onSuccess: (left) => {
      setList(left);
      setRemoving(null);
    },
  });

  function open(a: Address | 'new') {
    setEditing(a);
    setErrors({});
    setRegion(null);
  }

  function save(form: HTMLFormElement) {
    const t = formText(form);
    const old = editing !== 'new' ? editing : null;
    const ids = region ? Object.values(region.regions).flatMap((r) => (r ? [r.id] : [])) : (old?.regionIds ?? []);
    const input = {
      ...(old ? { id: old.id } : {}),
      name: t.name,
      phone: t.phone,
      regionIds: ids,
      regionText: region?.string ?? old?.regionText ?? '',
      detail: t.detail,
      isDefault: t.isDefault === '1' ? 1 : 0,
    };
    const r = check(member.saveAddress.input, input);
    if (saving.validated(r)) saving.run(r.value);
  }

  const current = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <ListHead
        title="收货地址"
        hint={`已保存 ${list.length} 个，最多 ${ADDRESS_LIMIT} 个。危险化学品须送达具备收货条件的单位地址。`}
        addLabel="新增收货地址"
        canAdd={!editing && list.length < ADDRESS_LIMIT}
        onAdd={() => open('new')}
      />
      {editing && (
        <Form
          label={current ? '编辑收货地址' : '新增收货地址'}
          onSubmit={save}
          className="m-form u-margin-bottom-24px u-padding-bottom-24px u-border-bottom-1px-solid-var-line"
        >
          <h2 className="u-font-size-16px">{current ? '编辑收货地址' : '新增收货地址'}</h2>
          <Field label="收货人" name="name" required error={errors.name}>
            {(p) => <input {...p} defaultValue={current?.name} maxLength={20} autoComplete="name" />}
          </Field>
          <Field label="手机号" name="phone" required error={errors.phone}>
            {(p) => <input {...p} defaultValue={current?.phone} inputMode="numeric" maxLength={11} autoComplete="tel" />}
          </Field>
          <div className="m-field">
            <RegionPicker value={current?.regionIds} onChange={setRegion} required />
            {(errors.regionIds || errors.regionText) && <p className="m-error">{errors.regionIds ?? errors.regionText}</p>}
          </div>
          <Field label="详细地址" name="detail" required error={errors.detail} hint="街道、门牌号、厂区或楼栋">
            {(p) => <textarea {...p} defaultValue={current?.detail} maxLength={100} />}
          </Field>
          <label className="m-choice">
            <span className="u-display-inline-flex u-gap-6px u-align-items-center u-min-height-44px">
              <input
                className="u-width-18px u-height-18px"
                type="checkbox"
                name="isDefault"
                value="1"
                defaultChecked={current?.isDefault === 1}
              />
              设为默认收货地址
            </span>
          </label>
          <FormFoot label="保存地址" pendingLabel="保存中…" pending={saving.pending}>
            <button type="button" className="btn" onClick={() => setEditing(null)}>
              取消
            </button>
          </FormFoot>
        </Form>
      )}
      {list.length === 0 ? (
        <p className="m-empty">还没有收货地址，添加一个吧。</p>
      ) : (
        <ul className="m-cards" aria-label="收货地址列表">
          {list.map((a) => (
            <li key={a.id} className={a.isDefault ? 'm-tile is-default' : 'm-tile'} data-address={a.id}>
              <div className="m-tile-head">
                <strong>{a.name}</strong>
                <span>{a.phone}</span>
                {a.isDefault === 1 && <span className="m-badge m-tone-info">默认地址</span>}
              </div>
              <p>{a.regionText}</p>
              <p>{a.detail}</p>
              <div className="m-actions">
                <button type="button" className="btn" onClick={() => open(a)}>
                  编辑<span className="visually-hidden">{a.name} 的地址</span>
                </button>
                {a.isDefault === 0 && (
                  <button type="button" className="btn" onClick={() => makeDefault.run(a)}>
                    设为默认<span className="visually-hidden">：{a.name} 的地址</span>
                  </button>
                )}
                <button type="button" className="btn btn-danger" onClick={() => setRemoving(a)}>
                  删除<span className="visually-hidden">{a.name} 的地址</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Confirm
        open={removing !== null}
        title="删除收货地址"
        confirmLabel="确认删除"
        danger
        busy={removal.pending}
        onConfirm={() => removing && removal.run(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>
          确定删除 {removing?.name} 的收货地址“{removing?.regionText} {removing?.detail}”吗？删除后不可恢复。
        </p>
      </Confirm>
    </>
  );
}
