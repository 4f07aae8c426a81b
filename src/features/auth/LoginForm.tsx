/** The login form (docs/product.md §2, §4): password login with image code, or SMS login; remember account, forgot password, go to register. */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { GenericSchema } from 'valibot';
import type { Captcha } from '#src/shared/api/contract/common.ts';
import { EncryptError, preloadEncryptor } from './encrypt.ts';
import { checkFields, FORM_INVALID } from '#src/shared/validation/check.ts';
import { newCaptcha, passwordLogin, remember, rememberedPhone, smsLogin, type LoginOutcome } from './auth.ts';
import { toast } from '#src/shared/ui/toast.ts';
import Field from '#src/shared/ui/Field.tsx';
import SwitchLink from './SwitchLink.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { Form, SubmitButton } from '#src/shared/ui/Form.tsx';

// The SMS tab loads its field and countdown when chosen, so a page that opens the dialog by itself stays within its JS budget.
const SmsCodeField = lazy(() => import('./SmsCodeField.tsx'));
const loadRules = () => import('#src/shared/validation/rules.ts');

interface Props {
  onLoggedIn: (outcome: LoginOutcome) => void;
  /** Forgot password and go to register: open dialogs, or links on the pages. */
  onForgot?: () => void;
  onRegister?: () => void;
}

type Tab = 'password' | 'sms';

export default function LoginForm({ onLoggedIn, onForgot, onRegister }: Props) {
  const [tab, setTab] = useState<Tab>('password');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [keep, setKeep] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const login = useFormAction(
    (method: Tab, values: Record<string, string>) =>
      method === 'password'
        ? passwordLogin(values.phone!, values.password!, captcha?.uuid ?? '', values.captcha!)
        : smsLogin(values.phone!, values.code!),
    {
      onSuccess: (outcome, _method, values) => {
        remember(values.phone!, keep);
        onLoggedIn(outcome);
      },
      onError: (err) => err instanceof EncryptError && (toast.error('账号加密失败，请刷新页面后重试'), true),
      // A used image code is spent: a new one for the next try.
      onFailure: (_, method) => method === 'password' && void refreshCaptcha(),
    },
  );
  const { errors, setErrors, setError } = login;

  const refreshCaptcha = () =>
    newCaptcha().then(setCaptcha, () => {
      setCaptcha(null);
      toast.error('验证码加载失败，请点击重试');
    });

  // Opening the form fetches a new image code (docs/product.md §4) and fills a remembered phone.
  useEffect(() => {
    void refreshCaptcha();
    const saved = rememberedPhone();
    const field = formRef.current?.elements.namedItem('phone');
    if (saved && field instanceof HTMLInputElement) {
      // Typing done before the form woke up wins over the remembered phone.
      if (!field.value) field.value = saved;
      setKeep(true);
    }
  }, []);

  function switchTab(next: Tab) {
    setTab(next);
    setErrors({});
  }

  async function submit(form: HTMLFormElement) {
    if (login.pending) return;
    // Members registered by e-mail sign in with the address in the account field.
    const account = String(new FormData(form).get('phone') ?? '');
    // The rules load on the first submit (the dialog focuses a field as it opens), so a page that opens it by itself stays within its JS budget.
    const { CaptchaCode, Email, LoginPassword, Phone, SmsCode } = await loadRules();
    const rules: Record<string, GenericSchema> =
      tab === 'password'
        ? { phone: account.includes('@') ? Email : Phone, password: LoginPassword, captcha: CaptchaCode }
        : { phone: Phone, code: SmsCode };
    const { values, errors: found, ok } = checkFields(form, rules);
    setErrors(found);
    if (!ok) {
      toast.error(FORM_INVALID);
      return;
    }
    login.run(tab, values);
  }

  return (
    <div className="auth-login">
      <div className="auth-tabs" role="tablist" aria-label="登录方式">
        {(
          [
            ['password', '密码登录'],
            ['sms', '短信登录'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`auth-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="auth-login-panel"
            className={tab === key ? 'active' : ''}
            onClick={() => switchTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <Form
        ref={formRef}
        id="auth-login-panel"
        role="tabpanel"
        aria-labelledby={`auth-tab-${tab}`}
        className="auth-form"
        onSubmit={submit}
        onFocus={() => void preloadEncryptor().catch(() => undefined)}
      >
        <Field
          look="dialog"
          label={tab === 'password' ? '手机号/邮箱' : '手机号'}
          name="phone"
          type={tab === 'password' ? 'text' : 'tel'}
          inputMode={tab === 'password' ? 'text' : 'numeric'}
          autoComplete="username"
          maxLength={tab === 'password' ? 64 : 11}
          placeholder={tab === 'password' ? '请输入手机号或邮箱' : '请输入手机号'}
          error={errors.phone}
        />
        {tab === 'password' ? (
          <>
            <Field
              look="dialog"
              label="密码"
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              error={errors.password}
            />
            <Field
              look="dialog"
              label="图形验证码"
              name="captcha"
              autoComplete="off"
              maxLength={6}
              placeholder="请输入右侧验证码"
              error={errors.captcha}
              aside={
                <button
                  type="button"
                  className="auth-captcha"
                  onClick={() => void refreshCaptcha()}
                  aria-label="看不清，换一张"
                  data-captcha-uuid={captcha?.uuid}
                >
                  {captcha ? <img src={captcha.img} alt="图形验证码" width={100} height={40} /> : <span>加载中…</span>}
                </button>
              }
            />
            <p className="auth-captcha-hint">
              <button type="button" className="auth-link" onClick={() => void refreshCaptcha()}>
                看不清，换一张
              </button>
            </p>
          </>
        ) : (
          <Suspense fallback={<p className="auth-captcha-hint">加载中…</p>}>
            <SmsCodeField form={formRef} type="login" error={errors.code} setError={setError} />
          </Suspense>
        )}
        <div className="auth-row">
          <label className="auth-check">
            <input type="checkbox" name="remember" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> 记住账号
          </label>
          {onForgot ? (
            <button type="button" className="auth-link" onClick={onForgot}>
              忘记密码？
            </button>
          ) : (
            <a className="auth-link" href="/find-password">
              忘记密码？
            </a>
          )}
        </div>
        <SubmitButton className="btn btn-primary auth-submit" disable="native" pending={login.pending} pendingLabel="登录中…">
          登 录
        </SubmitButton>
        <SwitchLink question="还没有账号？" label="免费注册" href="/register-kd123" onSwitch={onRegister} />
      </Form>
    </div>
  );
}
