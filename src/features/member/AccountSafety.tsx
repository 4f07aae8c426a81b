/** Account safety (docs/product.md §2 my-accountsafe, §7): change the password with the old one (RSA-encrypted like login, the docs/product.md §5 rule) and change the phone with an SMS code. */
import { PUBLIC_RSA_KEY } from 'astro:env/client';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { auth, Password, Phone, phoneSchema } from '#src/shared/api/contract/auth.ts';
import { company } from '#src/shared/api/contract/company.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { encryptCredential, EncryptError } from '#src/features/auth/encrypt.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { toast } from '#src/shared/ui/toast.ts';
import CountdownButton from '#src/shared/ui/CountdownButton.tsx';
import Field from '#src/shared/ui/Field.tsx';
import { clearForm, Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { reported, useFormAction } from '#src/shared/ui/useFormAction.ts';

const PasswordChange = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string('原密码不能为空'), v.nonEmpty('原密码不能为空')),
    password: Password,
    confirm: v.pipe(v.string('确认密码不能为空'), v.nonEmpty('确认密码不能为空')),
  }),
  v.forward(
    v.check((i) => i.password === i.confirm, '密码不一致'),
    ['confirm'],
  ),
);
const PhoneChange = v.object({ phone: Phone, captcha: v.pipe(v.string('验证码不能为空'), v.trim(), v.nonEmpty('验证码不能为空')) });
/** With company buying on, the code sent to the current phone as well. */
const PhoneChangeBoth = v.object({
  ...PhoneChange.entries,
  oldCaptcha: v.pipe(v.string('请输入原手机号收到的验证码'), v.trim(), v.nonEmpty('请输入原手机号收到的验证码')),
});

/** An encryption failure says so; any other is the shop's usual reaction. */
function encryptFailed(e: unknown): boolean {
  if (!(e instanceof EncryptError)) return false;
  toast.error(e.message);
  return true;
}

export function PasswordForm() {
  const change = useFormAction(
    async (value: v.InferOutput<typeof PasswordChange>, _form: HTMLFormElement) => {
      const [oldPassword, password] = [
        await encryptCredential(value.oldPassword, PUBLIC_RSA_KEY),
        await encryptCredential(value.password, PUBLIC_RSA_KEY),
      ];
      await browserApi.call(auth.resetPasswordByOldPwd, { input: { oldPassword, password } });
    },
    { success: '密码修改成功，其他设备上的登录已退出', onSuccess: (_, _value, form) => clearForm(form), onError: encryptFailed },
  );
  const { errors } = change;
  function submit(form: HTMLFormElement) {
    const r = check(PasswordChange, formText(form));
    if (change.validated(r)) change.run(r.value, form);
  }
  return (
    <Form label="修改密码" onSubmit={submit}>
      <Field label="原密码" name="oldPassword" required error={errors.oldPassword}>
        {(p) => <input {...p} type="password" autoComplete="current-password" />}
      </Field>
      <Field label="新密码" name="password" required error={errors.password} hint="至少 8 位，包含大小写字母、数字和特殊字符">
        {(p) => <input {...p} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="确认新密码" name="confirm" required error={errors.confirm}>
        {(p) => <input {...p} type="password" autoComplete="new-password" />}
      </Field>
      <FormFoot label="修改密码" pending={change.pending} />
    </Form>
  );
}

/** `verifyOld`: company buying (company_part) on, so the current phone gets a code too. */
export function PhoneForm({ current, verifyOld = false }: { current: string; verifyOld?: boolean }) {
  const [phoneNow, setPhoneNow] = useState(current);
  const form = useRef<HTMLFormElement>(null);
  const change = useFormAction(
    async (value: v.InferOutput<typeof PhoneChange>, oldCaptcha: string, _form: HTMLFormElement) =>
      browserApi.call(auth.resetPhoneNumber, {
        input: {
          phone: await encryptCredential(value.phone, PUBLIC_RSA_KEY),
          captcha: value.captcha,
          ...(oldCaptcha ? { oldCaptcha } : {}),
        },
      }),
    {
      success: '手机号已更换，请使用新手机号登录',
      onSuccess: (done, _value, _old, f) => {
        setPhoneNow(done.phone);
        clearForm(f);
      },
      onError: encryptFailed,
    },
  );
  const { errors } = change;

  async function send(): Promise<unknown> {
    const phone = form.current ? formText(form.current).phone : '';
    const r = check(v.object({ phone: phoneSchema('请输入手机号！') }), { phone });
    if (!change.validated(r)) return false;
    await reported(browserApi.call(auth.smsSend, { input: { phone: r.value.phone, type: 'change_phone' } }));
    toast.success('短信发送成功，请注意查收！');
  }

  async function sendOld(): Promise<unknown> {
    const sent = await reported(browserApi.call(company.oldPhoneCode));
    toast.success(`验证码已发送至 ${sent.phone}`);
    return true;
  }

  function submit(f: HTMLFormElement) {
    const text = formText(f);
    const r = check(verifyOld ? PhoneChangeBoth : PhoneChange, text);
    if (change.validated(r)) change.run(r.value, verifyOld ? (text.oldCaptcha ?? '').trim() : '', f);
  }

  return (
    <Form ref={form} label="更换手机号" onSubmit={submit}>
      <p className="m-hint u-margin-0">当前手机号：{phoneNow}</p>
      {verifyOld && (
        <Field
          label="原手机验证码"
          name="oldCaptcha"
          required
          error={errors.oldCaptcha}
          aside={<CountdownButton storageKey="sms:change_phone_old" onStart={sendOld} className="btn" />}
        >
          {(p) => <input {...p} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />}
        </Field>
      )}
      <Field label="新手机号" name="phone" required error={errors.phone}>
        {(p) => <input {...p} inputMode="numeric" maxLength={11} autoComplete="tel" />}
      </Field>
      <Field
        label="短信验证码"
        name="captcha"
        required
        error={errors.captcha}
        aside={<CountdownButton storageKey="sms:change_phone" onStart={send} className="btn" />}
      >
        {(p) => <input {...p} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />}
      </Field>
      <FormFoot label="更换手机号" pending={change.pending} />
    </Form>
  );
}
