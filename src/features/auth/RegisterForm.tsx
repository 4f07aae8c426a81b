/** The sign-up form (docs/product.md §4): phone, password, confirm, SMS code, agreement and legal statement; then every privacy item ticked; then /register. */
import { useRef, useState } from 'react';
import type { PrivacyItem } from '#src/shared/api/contract/auth.ts';
import { EncryptError, preloadEncryptor } from './encrypt.ts';
import { privacyLog, type PrivacyLogEntry } from './login-notice.ts';
import {
  AGREEMENT_MESSAGES,
  confirmMessage,
  Email,
  fieldMessage,
  FORM_INVALID,
  Password,
  Phone,
  SmsCode,
} from '#src/shared/validation/rules.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { loadPrivacyItems, register, registerByEmail, sendEmailCode } from './auth.ts';
import CountdownButton from '#src/shared/ui/CountdownButton.tsx';
import { toast } from '#src/shared/ui/toast.ts';
import Field from '#src/shared/ui/Field.tsx';
import SwitchLink from './SwitchLink.tsx';
import { reported, useFormAction } from '#src/shared/ui/useFormAction.ts';
import Modal from './Modal.tsx';
import RichTextView from './RichTextView.tsx';
import SmsCodeField from './SmsCodeField.tsx';
import { checkFields } from '#src/shared/validation/check.ts';
import { Form, SubmitButton } from '#src/shared/ui/Form.tsx';

interface Props {
  /** Called after 注册成功. */
  onRegistered: () => void;
  /** Opens a text: 0 registration agreement, 1 legal statement, 'cookie' the cookie policy. */
  onShowText: (which: 0 | 1 | 'cookie') => void;
  onLogin?: () => void;
  /** Sign up with a phone and SMS code (default), or an e-mail address and e-mail code (/register-by-email). */
  by?: 'phone' | 'email';
}

interface Pending {
  phone: string;
  password: string;
  code: string;
}

/** Sends the e-mail code after checking the address ('请输入邮箱' when empty). */
async function sendEmail(form: HTMLFormElement | null, setError: (name: string, message: string | null) => void): Promise<unknown> {
  const email = String(new FormData(form ?? undefined).get('phone') ?? '').trim();
  const message = fieldMessage(Email, email);
  setError('phone', message);
  if (message) return false;
  await reported(sendEmailCode(email));
  toast.success('验证码已发送到您的邮箱，请注意查收！');
}

/** A box to tick that the member agrees to a document, the document's title opening its text, and the message when it is not ticked. */
function Agreement({ name, title, error, onShow }: { name: string; title: string; error?: string | null; onShow: () => void }) {
  return (
    <div className="auth-agree">
      <label className="auth-check">
        <input type="checkbox" name={name} aria-describedby={`reg-${name}-error`} /> 我已阅读并同意
      </label>
      <button type="button" className="auth-link" onClick={onShow}>
        {title}
      </button>
      <p className="auth-error" id={`reg-${name}-error`} role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}

export default function RegisterForm({ onRegistered, onShowText, onLogin, by = 'phone' }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const signUp = useFormAction(
    (p: Pending, log: PrivacyLogEntry[]) =>
      by === 'email' ? registerByEmail(p.phone, p.password, p.code, log) : register(p.phone, p.password, p.code, log),
    {
      success: '注册成功',
      onSuccess: () => {
        setPending(null);
        onRegistered();
      },
      onError: (err) => err instanceof EncryptError && (toast.error('账号加密失败，请刷新页面后重试'), true),
      onFailure: () => setPending(null),
    },
  );
  const busy = signUp.pending;
  const { errors, setErrors } = signUp;
  const [pending, setPending] = useState<Pending | null>(null);
  const [items, setItems] = useState<PrivacyItem[]>([]);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [privacyError, setPrivacyError] = useState<string | null>(null);

  async function submit(form: HTMLFormElement) {
    if (busy) return;
    const {
      values,
      data,
      errors: found,
      ok,
    } = checkFields(form, { phone: by === 'email' ? Email : Phone, password: Password, code: SmsCode }, (v) => ({
      Confirmpassword: confirmMessage(v.password ?? '', String(new FormData(form).get('Confirmpassword') ?? '')),
    }));
    const agreed = data.get('checked') === 'on';
    const legal = data.get('checkeda') === 'on';
    if (!agreed) found.checked = AGREEMENT_MESSAGES.register;
    if (!legal) found.checkeda = AGREEMENT_MESSAGES.legal;
    setErrors(found);
    if (!ok) {
      toast.error(FORM_INVALID);
      return;
    }
    if (!agreed) return toast.error(AGREEMENT_MESSAGES.register);
    if (!legal) return toast.error(AGREEMENT_MESSAGES.legal);
    // Not a useFormAction: a load of the privacy items the next dialog shows, inside the submit that opens it.
    try {
      setItems(await loadPrivacyItems());
    } catch (err) {
      handleApiError(err);
      return;
    }
    setTicked(new Set());
    setPrivacyError(null);
    setPending({ phone: values.phone!, password: values.password!, code: values.code! });
  }

  function confirmPrivacy() {
    if (!pending || busy) return;
    const log = privacyLog(
      items.map((i) => i.id),
      ticked,
      Date.now(),
    );
    if (!log) {
      setPrivacyError(AGREEMENT_MESSAGES.privacy);
      return;
    }
    signUp.run(pending, log);
  }

  const toggle = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <Form ref={formRef} className="auth-form" onSubmit={submit} onFocus={() => void preloadEncryptor().catch(() => undefined)}>
        {by === 'email' ? (
          <Field
            look="dialog"
            label="邮箱"
            name="phone"
            type="email"
            autoComplete="email"
            maxLength={64}
            placeholder="请输入常用邮箱"
            error={errors.phone}
          />
        ) : (
          <Field
            look="dialog"
            label="手机号"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            placeholder="请输入手机号"
            error={errors.phone}
          />
        )}
        <Field
          look="dialog"
          label="设置密码"
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
          placeholder="请再次输入密码"
          error={errors.Confirmpassword}
        />
        {by === 'email' ? (
          <Field
            look="dialog"
            label="邮箱验证码"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入邮箱验证码"
            error={errors.code}
            aside={
              <CountdownButton
                storageKey="email:register"
                onStart={() => sendEmail(formRef.current, signUp.setError)}
                className="auth-aside-btn"
              />
            }
          />
        ) : (
          <SmsCodeField form={formRef} type="register" error={errors.code} setError={signUp.setError} />
        )}
        <Agreement name="checked" title="《注册协议》" error={errors.checked} onShow={() => onShowText(0)} />
        <Agreement name="checkeda" title="《法律声明》" error={errors.checkeda} onShow={() => onShowText(1)} />
        <SubmitButton className="btn btn-primary auth-submit" disable="native" pending={busy}>
          同意协议并注册
        </SubmitButton>
        <p className="auth-foot">
          本站使用 Cookie 保持登录，详见
          <button type="button" className="auth-link" onClick={() => onShowText('cookie')}>
            《Cookie 政策》
          </button>
        </p>
        <SwitchLink question="已有账号？" label="立即登录" href="/login-kd123" onSwitch={onLogin} />
      </Form>
      <Modal open={pending !== null} title="隐私政策" name="privacy" wide onClose={() => setPending(null)}>
        <p className="auth-lead">请阅读并逐项勾选以下隐私条款，全部同意后完成注册。</p>
        <ul className="auth-privacy">
          {items.map((item) => (
            <li key={item.id}>
              <label className="auth-check">
                <input type="checkbox" checked={ticked.has(item.id)} onChange={(e) => toggle(item.id, e.target.checked)} />{' '}
                <strong>{item.title}</strong>
              </label>
              <RichTextView html={item.content} />
            </li>
          ))}
        </ul>
        <p className="auth-error" role="alert">
          {privacyError ?? ''}
        </p>
        <div className="auth-actions">
          <button type="button" className="btn" onClick={() => setPending(null)}>
            取消
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={confirmPrivacy}>
            同意并注册
          </button>
        </div>
      </Modal>
    </>
  );
}
