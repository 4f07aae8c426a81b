/** The company's VAT special invoice details (增值税专用发票), kept once for every invoice of the company; saving them is the 管理员's or 财务's check. */
import { useState } from 'react';
import { company, type VatDetails } from '#src/shared/api/contract/company.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field from '#src/shared/ui/Field.tsx';
import TaxNoField from '#src/shared/ui/TaxNoField.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';

export default function VatDetailsForm({
  initial,
  fallbackName,
  fallbackTaxNo,
}: {
  initial: VatDetails | null;
  fallbackName: string;
  fallbackTaxNo: string;
}) {
  const [saved, setSaved] = useState(initial);
  const save = useFormAction((input: InputOf<typeof company.saveVat>) => browserApi.call(company.saveVat, { input }), {
    success: '开票信息已核对保存',
    onSuccess: setSaved,
  });
  const { errors } = save;

  function submit(form: HTMLFormElement) {
    const r = check(company.saveVat.input, formText(form));
    if (save.validated(r)) save.run(r.value);
  }

  const v = saved;
  return (
    <Form label="开票信息" onSubmit={submit}>
      <p className="m-hint" data-vat-checked>
        {v ? `已由 ${v.checkedBy} 核对` : '尚未填写：填写并核对后，本企业成员即可为已完成的订单申请增值税专用发票。'}
      </p>
      <div className="m-grid-2">
        <Field label="单位名称" name="name" required error={errors.name}>
          {(p) => <input {...p} maxLength={60} defaultValue={v?.name ?? fallbackName} />}
        </Field>
        <TaxNoField label="纳税人识别号" error={errors.taxNo} defaultValue={v?.taxNo ?? fallbackTaxNo} />
        <Field label="注册地址" name="address" required error={errors.address}>
          {(p) => <input {...p} maxLength={100} defaultValue={v?.address ?? ''} />}
        </Field>
        <Field label="注册电话" name="phone" required error={errors.phone}>
          {(p) => <input {...p} maxLength={20} inputMode="tel" defaultValue={v?.phone ?? ''} />}
        </Field>
        <Field label="开户银行" name="bank" required error={errors.bank}>
          {(p) => <input {...p} maxLength={60} defaultValue={v?.bank ?? ''} />}
        </Field>
        <Field label="银行账号" name="account" required error={errors.account}>
          {(p) => <input {...p} maxLength={32} inputMode="numeric" defaultValue={v?.account ?? ''} />}
        </Field>
      </div>
      <FormFoot label="核对并保存" pendingLabel="保存中…" pending={save.pending} />
    </Form>
  );
}
