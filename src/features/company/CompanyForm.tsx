/** Company information (docs/product.md §1: ordering needs it): company name, tax number, contact, the business licence and the other hazardous-chemicals documents, uploaded as JPG/PNG/PDF. */
import { useState } from 'react';
import { COMPANY_DOCUMENT_LABEL, member, type Company, type CompanyDocumentKind } from '#src/shared/api/contract/member.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field from '#src/shared/ui/Field.tsx';
import TaxNoField from '#src/shared/ui/TaxNoField.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';

interface Props {
  company: Company | null;
}

const KINDS = Object.keys(COMPANY_DOCUMENT_LABEL) as CompanyDocumentKind[];
const fileOf = (url: string): UploadedFile[] => (url ? [{ url, name: url.split('/').pop() ?? url }] : []);

export default function CompanyForm({ company }: Props) {
  const [licence, setLicence] = useState<UploadedFile[]>(fileOf(company?.licenseUrl ?? ''));
  const [docs, setDocs] = useState<Record<CompanyDocumentKind, UploadedFile[]>>(
    () =>
      Object.fromEntries(KINDS.map((k) => [k, fileOf(company?.documents.find((d) => d.kind === k)?.url ?? '')])) as Record<
        CompanyDocumentKind,
        UploadedFile[]
      >,
  );
  const save = useFormAction((input: InputOf<typeof member.saveCompany>) => browserApi.call(member.saveCompany, { input }), {
    success: (saved) => (saved.status === 'APPROVED' ? '企业信息已审核通过，现在可以下单了' : '企业信息已提交，请等待审核'),
    // The member reads the result, then the page shows the review state and the header badge anew.
    reloadAfter: 1500,
  });
  const { errors } = save;

  function submit(form: HTMLFormElement) {
    const t = formText(form);
    const input = {
      companyName: t.companyName,
      taxNo: t.taxNo,
      licenseUrl: licence[0]?.url ?? '',
      contact: t.contact,
      phone: t.phone,
      documents: KINDS.flatMap((kind) => (docs[kind][0] ? [{ kind, url: docs[kind][0].url }] : [])),
    };
    const r = check(member.saveCompany.input, input);
    if (save.validated(r)) save.run(r.value);
  }

  return (
    <Form label="企业信息" onSubmit={submit}>
      <Field label="企业名称" name="companyName" required error={errors.companyName} hint="与营业执照一致">
        {(p) => <input {...p} defaultValue={company?.companyName} maxLength={60} />}
      </Field>
      <TaxNoField label="统一社会信用代码 / 税号" error={errors.taxNo} defaultValue={company?.taxNo} />
      <div className="m-grid-2">
        <Field label="联系人" name="contact" required error={errors.contact}>
          {(p) => <input {...p} defaultValue={company?.contact} maxLength={20} />}
        </Field>
        <Field label="联系人手机号" name="phone" required error={errors.phone}>
          {(p) => <input {...p} defaultValue={company?.phone} inputMode="numeric" maxLength={11} />}
        </Field>
      </div>
      <Uploader label="营业执照" required files={licence} onChange={setLicence} error={errors.licenseUrl} />
      {KINDS.map((k) => (
        <Uploader
          key={k}
          label={COMPANY_DOCUMENT_LABEL[k]}
          files={docs[k]}
          onChange={(f) => setDocs((d) => ({ ...d, [k]: f }))}
          hint="如贵司经营或使用的气体需要，请上传（JPG、PNG、PDF，不超过 5MB）"
        />
      ))}
      {errors.documents && <p className="m-form-error">{errors.documents}</p>}
      <FormFoot label={company ? '更新企业信息' : '提交企业信息'} pending={save.pending} />
    </Form>
  );
}
