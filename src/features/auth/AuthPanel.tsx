/** The account forms on their own pages (/login, /login-kd123, /register-kd123, /find-password): the same forms as the dialogs, in the page. */
import { useState } from 'react';
import { safeForward } from '#src/shared/http/forward.ts';
import { FLASH_KEY, finishLogin, SWITCH_DELAY_MS, setRsaKey, type LoginOutcome } from './auth.ts';
import { toast } from '#src/shared/ui/toast.ts';
import LoginForm from './LoginForm.tsx';
import { PrivacyNotice, TextDialog, type TextKey } from './Notices.tsx';
import RegisterForm from './RegisterForm.tsx';
import ResetForm from './ResetForm.tsx';
import './auth.css';

export type PanelMode = 'login' | 'register' | 'register-email' | 'reset';

/** Where a login from this page goes: the same-origin `forward` of the address, else home. */
const forwardOfPage = (): string => safeForward(new URLSearchParams(location.search).get('forward'));

export default function AuthPanel({ mode, rsaKey }: { mode: PanelMode; rsaKey: string }) {
  setRsaKey(rsaKey);
  const [notice, setNotice] = useState(false);
  const [text, setText] = useState<TextKey | null>(null);

  function done(outcome: LoginOutcome) {
    toast.success('登录成功');
    void finishLogin(outcome, forwardOfPage());
  }
  // The success message travels with the visitor to the login page.
  const toLogin = (message: string) => () => {
    sessionStorage.setItem(FLASH_KEY, message);
    setTimeout(() => location.assign('/login-kd123'), SWITCH_DELAY_MS);
  };

  return (
    <>
      {mode === 'login' && <LoginForm onLoggedIn={(o) => (o.privacyState === 'n' ? setNotice(true) : done(o))} />}
      {mode === 'register' && <RegisterForm onRegistered={toLogin('注册成功')} onShowText={setText} />}
      {mode === 'register-email' && <RegisterForm by="email" onRegistered={toLogin('注册成功')} onShowText={setText} />}
      {mode === 'reset' && <ResetForm onReset={toLogin('重置密码成功!')} />}
      <PrivacyNotice
        open={notice}
        onDone={(o) => {
          setNotice(false);
          done(o);
        }}
        onCancel={() => setNotice(false)}
      />
      <TextDialog which={text} onClose={() => setText(null)} />
    </>
  );
}
