/** The reset password form (docs/product.md §2, §4): phone, new password, confirm, SMS code; 重置密码成功! or 重置密码失败...请联系客服. */
import { useRef } from 'react';
import { EncryptError, preloadEncryptor } from './encrypt.ts';
import { confirmMessage, Password, Phone, RESET_FORM_INVALID, SmsCode } from '#src/shared/validation/rules.ts';
import { resetPassword } from './auth.ts';
import { toast } from '#src/shared/ui/toast.ts';
import Field from '#src/shared/ui/Field.tsx';
import SwitchLink from './SwitchLink.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import SmsCodeField from './SmsCodeField.tsx';
import { checkFields } from '#src/shared/validation/check.ts';
import { Form, SubmitButton } from '#src/shared/ui/Form.tsx';

export default function ResetForm({ onReset, onLogin }: { onReset: () => void; onLogin?: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useFormAction((values: Record<string, string>) => resetPassword(values.phone!, values.password!, values.code!), {
    success: '重置密码成功!',
    onSuccess: () => onReset(),
    // This form names no server reason: a failure says whom to ask.
    onError: (err) => (toast.error(err instanceof EncryptError ? '账号加密失败，请刷新页面后重试' : '重置密码失败...请联系客服'), true),
  });
  const { errors, setErrors, setError } = reset;

  function submit(form: HTMLFormElement) {
    if (reset.pending) return;
    const {
      values,
      errors: found,
      ok,
    } = checkFields(form, { phone: Phone, password: Password, code: SmsCode }, (v) => ({
      Confirmpassword: confirmMessage(v.password ?? '', String(new FormData(form).get('Confirmpassword') ?? '')),
    }));
    setErrors(found);
    if (!ok) {
      toast.error(RESET_FORM_INVALID);
      return;
    }
    reset.run(values);
  }

  return (
    <Form ref={formRef} className="auth-form" onSubmit={submit} onFocus={() => void preloadEncryptor().catch(() => undefined)}>
      <Field
        look="dialog"
        label="手机号"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder="请输入注册时的手机号"
        error={errors.phone}
      />
      <Field
        look="dialog"
        label="新密码"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="8位以上，含大小写字母、数字和特殊字符"
        error={errors.password}
      />
      <Field
        look="dialog"
        label="确认密码"
        name="Confirmpassword"
        type="password"
        autoComplete="new-password"
        placeholder="请再次输入新密码"
        error={errors.Confirmpassword}
      />
      <SmsCodeField form={formRef} type="reset_password" error={errors.code} setError={setError} />
      <SubmitButton className="btn btn-primary auth-submit" disable="native" pending={reset.pending}>
        重置密码
      </SubmitButton>
      <SwitchLink question="想起密码了？" label="返回登录" href="/login-kd123" onSwitch={onLogin} />
    </Form>
  );
}
