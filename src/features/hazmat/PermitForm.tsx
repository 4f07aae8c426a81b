/** Uploads a purchase permit for controlled goods (剧毒, 易制爆, 易制毒): class, number, issuing authority, validity and the scan, reviewed by the back office. */
import { useState } from 'react';
import { compliance } from '#src/shared/api/contract/compliance.ts';
import { CONTROL_CLASSES, CONTROL_RULES, type ControlClass } from './permits.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';

interface Props {
  /** The class to preselect (from Confirmorder's or the goods page's link). */
  initialClass?: ControlClass;
}

export default function PermitForm({ initialClass = 'TOXIC' }: Props) {
  const [scan, setScan] = useState<UploadedFile[]>([]);
  const [cls, setCls] = useState<ControlClass>(initialClass);
  const save = useFormAction((input: InputOf<typeof compliance.savePermit>) => browserApi.call(compliance.savePermit, { input }), {
    success: '许可证已提交，请等待审核',
    reloadAfter: 1200,
  });
  const { errors } = save;

  function submit(form: HTMLFormElement) {
    const t = formText(form);
    const input = {
      controlClass: cls,
      number: t.number,
      authority: t.authority,
      validFrom: t.validFrom,
      validTo: t.validTo,
      scanUrl: scan[0]?.url ?? '',
    };
    const r = check(compliance.savePermit.input, input);
    if (r.ok && r.value.validTo < r.value.validFrom) return save.setErrors({ validTo: '有效期截止日期不能早于起始日期' });
    if (save.validated(r)) save.run(r.value);
  }

  return (
    <Form label="上传购买许可证" onSubmit={submit}>
      <Field label="管控类别" name="controlClass" required error={errors.controlClass} hint={`需上传：${CONTROL_RULES[cls].permit}`}>
        {(p) => (
          <select {...p} value={cls} onChange={(e) => setCls(e.currentTarget.value as ControlClass)}>
            {CONTROL_CLASSES.map((c) => (
              <option key={c} value={c}>
                {CONTROL_RULES[c].name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="m-grid-2">
        <Field label="许可证编号" name="number" required error={errors.number}>
          {(p) => <input {...p} maxLength={40} autoComplete="off" />}
        </Field>
        <Field label="发证机关" name="authority" required error={errors.authority} hint="如：上海市公安局徐汇分局">
          {(p) => <input {...p} maxLength={60} />}
        </Field>
      </div>
      <div className="m-grid-2">
        <Field label="有效期起" name="validFrom" required error={errors.validFrom}>
          {(p) => <input {...p} type="date" />}
        </Field>
        <Field label="有效期至" name="validTo" required error={errors.validTo}>
          {(p) => <input {...p} type="date" />}
        </Field>
      </div>
      <Uploader label="许可证扫描件" required files={scan} onChange={setScan} error={errors.scanUrl} hint="JPG、PNG 或 PDF，不超过 5MB" />
      <FormFoot label="提交审核" pending={save.pending} />
    </Form>
  );
}
