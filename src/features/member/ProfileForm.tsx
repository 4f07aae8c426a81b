/** The member edits their name and birthday (contract/company.ts saveProfile; shown on my-account while company_part is on). */
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { useState } from 'react';
import { company } from '#src/shared/api/contract/company.ts';
import type * as v from 'valibot';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

/** Seconds (China midnight, docs/product.md §3) to the date input's YYYY-MM-DD. */
const dateOf = (seconds: number | null): string => (seconds === null ? '' : chinaDay(seconds * 1000));

export default function ProfileForm({ username, birthday }: { username: string; birthday: number | null }) {
  const [open, setOpen] = useState(false);
  const save = useFormAction((input: v.InferOutput<typeof company.saveProfile.input>) => browserApi.call(company.saveProfile, { input }), {
    success: '个人资料已保存',
    // The page shows the name in several places: a reload shows it everywhere.
    reloadAfter: 800,
  });
  const { errors } = save;

  function submit(form: HTMLFormElement) {
    const r = check(company.saveProfile.input, formText(form));
    if (save.validated(r)) save.run(r.value);
  }

  if (!open)
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        编辑资料
      </button>
    );
  return (
    <Form label="编辑资料" onSubmit={submit}>
      <div className="m-grid-2">
        <Field label="姓名" name="username" required error={errors.username}>
          {(p) => <input {...p} maxLength={20} defaultValue={username} autoComplete="name" />}
        </Field>
        <Field label="生日" name="birthday" error={errors.birthday}>
          {(p) => <input {...p} type="date" defaultValue={dateOf(birthday)} max={new Date().toISOString().slice(0, 10)} />}
        </Field>
      </div>
      <FormFoot label="保存" pendingLabel="保存中…" pending={save.pending}>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          取消
        </button>
      </FormFoot>
    </Form>
  );
}
