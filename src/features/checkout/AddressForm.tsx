/** Adds or edits a delivery address inline on the confirm page: name, phone, the 4-level region picker and the street, checked with the contract's schema. */
import { useId, useState } from 'react';
import { member, AddressInput, type Address } from '#src/shared/api/contract/member.ts';
import { check } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import RegionPicker from '#src/shared/ui/RegionPicker.tsx';
import type { RegionChoice } from '#src/shared/formats/regions.ts';
import FormActions from './FormActions.tsx';

interface Props {
  /** The address being edited; absent for a new one. */
  editing?: Address;
  onSaved(address: Address): void;
  onCancel(): void;
}

export default function AddressForm({ editing, onSaved, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [phone, setPhone] = useState(editing?.phone ?? '');
  const [detail, setDetail] = useState(editing?.detail ?? '');
  const [isDefault, setIsDefault] = useState(editing?.isDefault === 1);
  const [region, setRegion] = useState<{ ids: number[]; text: string } | null>(
    editing ? { ids: editing.regionIds, text: editing.regionText } : null,
  );
  const saving = useFormAction((input: AddressInput) => browserApi.call(member.saveAddress, { input }), { onSuccess: onSaved });
  const { errors } = saving;

  function regionChanged(choice: RegionChoice | null) {
    if (!choice) return setRegion(null);
    const ids = Object.values(choice.regions).flatMap((r) => (r ? [r.id] : []));
    setRegion({ ids, text: choice.string });
  }

  function save() {
    const input = {
      id: editing?.id,
      name,
      phone,
      regionIds: region?.ids ?? [],
      regionText: region?.text ?? '',
      detail,
      isDefault: isDefault ? 1 : 0,
    };
    const checked = check(AddressInput, input);
    if (saving.validated(checked)) saving.run(checked.value);
  }

  const err = (field: string) =>
    errors[field] ? (
      <span className="co-error" id={`${id}-${field}-e`}>
        {errors[field]}
      </span>
    ) : null;
  const described = (field: string) => (errors[field] ? `${id}-${field}-e` : undefined);

  return (
    <div className="co-inline-form" role="group" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{editing ? '修改收货地址' : '新增收货地址'}</h3>
      <div className="co-fields">
        <label className="co-field">
          <span>收货人</span>
          <input
            value={name}
            maxLength={20}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={described('name')}
          />
          {err('name')}
        </label>
        <label className="co-field">
          <span>手机号</span>
          <input
            value={phone}
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            onChange={(e) => setPhone(e.target.value.trim())}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={described('phone')}
          />
          {err('phone')}
        </label>
      </div>
      <RegionPicker value={editing?.regionIds} onChange={regionChanged} required />
      {err('regionIds') ?? err('regionText')}
      <label className="co-field co-wide">
        <span>详细地址</span>
        <input
          value={detail}
          maxLength={100}
          autoComplete="street-address"
          placeholder="街道、门牌号、厂区及收货点"
          onChange={(e) => setDetail(e.target.value)}
          aria-invalid={Boolean(errors.detail)}
          aria-describedby={described('detail')}
        />
        {err('detail')}
      </label>
      <label className="co-check">
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} /> 设为默认地址
      </label>
      {err('form')}
      <FormActions label="保存地址" pending={saving.pending} onSave={save} onCancel={onCancel} />
    </div>
  );
}
