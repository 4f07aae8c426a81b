/** Account safety (SPEC §2 my-accountsafe, §7): change the password with the old one (RSA-encrypted like login, the SPEC §5 rule) and change the phone with an SMS code. */
import { PUBLIC_RSA_KEY } from 'astro:env/client';
import { useState } from 'react';
import * as v from 'valibot';
import { auth, Password, Phone, phoneSchema } from '../../lib/api/contract/auth.ts';
import { company } from '../../lib/api/contract/company.ts';
import { check, formText, type FieldErrors } from '../../lib/validation/form.ts';
import { encryptCredential, EncryptError } from '../../lib/session/encrypt.ts';
import { browserApi } from '../../stores/api.ts';
import { handleApiError } from '../../stores/api-errors.ts';
import { toast } from '../../stores/toast.ts';
import CountdownButton from '../ui/CountdownButton.tsx';
import Field from '../shared/Field.tsx';

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
const PhoneChangeBoth = v.object({ ...PhoneChange.entries, oldCaptcha: v.pipe(v.string('请输入原手机号收到的验证码'), v.trim(), v.nonEmpty('请输入原手机号收到的验证码')) });

function failed(e: unknown) {
  if (e instanceof EncryptError) toast.error(e.message);
  else handleApiError(e);
}

export function PasswordForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  async function submit(form: HTMLFormElement) {
    const r = check(PasswordChange, formText(form));
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    setBusy(true);
    try {
      const [oldPassword, password] = [await encryptCredential(r.value.oldPassword, PUBLIC_RSA_KEY), await encryptCredential(r.value.password, PUBLIC_RSA_KEY)];
      await browserApi.call(auth.resetPasswordByOldPwd, { input: { oldPassword, password } });
      toast.success('密码修改成功，其他设备上的登录已退出');
      form.reset();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="m-form"
      noValidate
      aria-label="修改密码"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <Field label="原密码" name="oldPassword" required error={errors.oldPassword}>
        {(p) => <input {...p} type="password" autoComplete="current-password" />}
      </Field>
      <Field label="新密码" name="password" required error={errors.password} hint="至少 8 位，包含大小写字母、数字和特殊字符">
        {(p) => <input {...p} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="确认新密码" name="confirm" required error={errors.confirm}>
        {(p) => <input {...p} type="password" autoComplete="new-password" />}
      </Field>
      <div className="m-form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? '提交中…' : '修改密码'}
        </button>
      </div>
    </form>
  );
}

/** `verifyOld`: company buying (company_part) on, so the current phone gets a code too. */
export function PhoneForm({ current, verifyOld = false }: { current: string; verifyOld?: boolean }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [phoneNow, setPhoneNow] = useState(current);

  async function send(): Promise<unknown> {
    const input = (document.getElementById('new-phone') as HTMLInputElement | null)?.value ?? '';
    const r = check(v.object({ phone: phoneSchema('请输入手机号！') }), { phone: input });
    if (!r.ok) {
      setErrors(r.errors);
      return false;
    }
    setErrors({});
    try {
      await browserApi.call(auth.smsSend, { input: { phone: r.value.phone, type: 'change_phone' } });
      toast.success('短信发送成功，请注意查收！');
    } catch (e) {
      handleApiError(e);
      throw e;
    }
  }

  async function sendOld(): Promise<unknown> {
    try {
      const sent = await browserApi.call(company.oldPhoneCode);
      toast.success(`验证码已发送至 ${sent.phone}`);
      return true;
    } catch (e) {
      handleApiError(e);
      throw e;
    }
  }

  async function submit(form: HTMLFormElement) {
    const text = formText(form);
    const r = check(verifyOld ? PhoneChangeBoth : PhoneChange, text);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    setBusy(true);
    try {
      const oldCaptcha = verifyOld ? (text.oldCaptcha ?? '').trim() : '';
      const done = await browserApi.call(auth.resetPhoneNumber, {
        input: { phone: await encryptCredential(r.value.phone, PUBLIC_RSA_KEY), captcha: r.value.captcha, ...(oldCaptcha ? { oldCaptcha } : {}) },
      });
      setPhoneNow(done.phone);
      toast.success('手机号已更换，请使用新手机号登录');
      form.reset();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="m-form"
      noValidate
      aria-label="更换手机号"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <p className="m-hint" style={{ margin: 0 }}>
        当前手机号：{phoneNow}
      </p>
      {verifyOld && (
        <div className="m-field">
          <label htmlFor="old-phone-code">
            原手机验证码<span className="m-req" aria-hidden="true">*</span>
          </label>
          <div style={{ display: 'flex', gap: 8 }}>
            <input id="old-phone-code" name="oldCaptcha" inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-invalid={Boolean(errors.oldCaptcha)} aria-describedby={errors.oldCaptcha ? 'old-phone-code-error' : undefined} />
            <CountdownButton storageKey="sms:change_phone_old" onStart={sendOld} className="btn" />
          </div>
          {errors.oldCaptcha && (
            <p className="m-error" id="old-phone-code-error">
              {errors.oldCaptcha}
            </p>
          )}
        </div>
      )}
      <div className="m-field">
        <label htmlFor="new-phone">
          新手机号<span className="m-req" aria-hidden="true">*</span>
        </label>
        <input id="new-phone" name="phone" inputMode="numeric" maxLength={11} autoComplete="tel" aria-invalid={Boolean(errors.phone)} aria-describedby={errors.phone ? 'new-phone-error' : undefined} />
        {errors.phone && (
          <p className="m-error" id="new-phone-error">
            {errors.phone}
          </p>
        )}
      </div>
      <div className="m-field">
        <label htmlFor="new-phone-code">
          短信验证码<span className="m-req" aria-hidden="true">*</span>
        </label>
        <div style={{ display: 'flex', gap: 8 }}>
          <input id="new-phone-code" name="captcha" inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-invalid={Boolean(errors.captcha)} aria-describedby={errors.captcha ? 'new-phone-code-error' : undefined} />
          <CountdownButton storageKey="sms:change_phone" onStart={send} className="btn" />
        </div>
        {errors.captcha && (
          <p className="m-error" id="new-phone-code-error">
            {errors.captcha}
          </p>
        )}
      </div>
      <div className="m-form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? '提交中…' : '更换手机号'}
        </button>
      </div>
    </form>
  );
}
