/** Adds an invoice title inline on the confirm page (普通发票 or 增值税专用发票), checked with the contract's schema: tax number of 15, 18 or 20 letters and digits (docs/product.md §5), bank details for a VAT special invoice. */
import { useId, useState } from 'react';
import { member, InvoiceTitleInput, type InvoiceTitle, type InvoiceType, type TitleType } from '#src/shared/api/contract/member.ts';
import { check } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { usccWarning } from '#src/shared/validation/uscc.ts';
import FormActions from './FormActions.tsx';

interface Props {
  type: InvoiceType;
  onSaved(title: InvoiceTitle): void;
  onCancel(): void;
}

export default function InvoiceTitleForm({ type, onSaved, onCancel }: Props) {
  const id = useId();
  const vat = type === 'VAT_SPECIAL';
  const [titleType, setTitleType] = useState<TitleType>('COMPANY');
  const [values, setValues] = useState({ title: '', taxNo: '', bank: '', account: '', address: '', phone: '' });
  const saving = useFormAction((input: InvoiceTitleInput) => browserApi.call(member.saveInvoiceTitle, { input }), { onSuccess: onSaved });
  const { errors } = saving;
  const company = vat || titleType === 'COMPANY';
  const taxNoWarning = usccWarning(values.taxNo);

  function save() {
    // Whole-form rules of the schema (a VAT title's bank details, the tax number) name their field, so each message stands beside it.
    const input = { type, titleType: vat ? 'COMPANY' : titleType, ...values, taxNo: company ? values.taxNo.trim().toUpperCase() : '' };
    const checked = check(InvoiceTitleInput, input);
    if (saving.validated(checked)) saving.run(checked.value);
  }

  const field = (
    key: keyof typeof values,
    label: string,
    extra: { maxLength: number; inputMode?: 'numeric' | 'tel'; placeholder?: string },
  ) => (
    <label className="co-field">
      <span>{label}</span>
      <input
        value={values[key]}
        {...extra}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-e` : undefined}
      />
      {errors[key] && (
        <span className="co-error" id={`${id}-${key}-e`}>
          {errors[key]}
        </span>
      )}
    </label>
  );

  return (
    <div className="co-inline-form" role="group" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>新增{vat ? '增值税专用发票' : '普通发票'}抬头</h3>
      {!vat && (
        <fieldset className="co-radios">
          <legend>抬头类型</legend>
          {(['COMPANY', 'PERSONAL'] as const).map((t) => (
            <label key={t} className="co-check">
              <input type="radio" name={`${id}-tt`} checked={titleType === t} onChange={() => setTitleType(t)} />{' '}
              {t === 'COMPANY' ? '单位' : '个人'}
            </label>
          ))}
        </fieldset>
      )}
      <div className="co-fields">
        {field('title', company ? '单位名称' : '个人姓名', { maxLength: 100 })}
        {company && field('taxNo', '纳税人识别号', { maxLength: 20, placeholder: '15、18 或 20 位字母和数字' })}
        {company && taxNoWarning && (
          <span className="ui-field-warning" role="status">
            {taxNoWarning}
          </span>
        )}
        {vat && field('bank', '开户银行', { maxLength: 50 })}
        {vat && field('account', '银行账号', { maxLength: 30, inputMode: 'numeric' })}
        {vat && field('address', '注册地址', { maxLength: 100 })}
        {vat && field('phone', '注册电话', { maxLength: 20, inputMode: 'tel' })}
      </div>
      {errors.titleType && <span className="co-error">{errors.titleType}</span>}
      {errors.form && <span className="co-error">{errors.form}</span>}
      <FormActions label="保存抬头" pending={saving.pending} onSave={save} onCancel={onCancel} />
    </div>
  );
}
