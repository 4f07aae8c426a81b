/** The account dialogs of every page (docs/product.md §2, §4): login, sign-up, reset password, the privacy notice and texts; opened through `$dialog` (openLogin), hydrated on first ask. */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $dialog, $loginDialogReady, closeDialog, openDialog } from '#src/shared/session/dialogs.ts';
import { finishLogin, SWITCH_DELAY_MS, setRsaKey, type LoginOutcome } from './auth.ts';
import { toast } from '#src/shared/ui/toast.ts';
import LoginForm from './LoginForm.tsx';
import Modal from './Modal.tsx';
import type { TextKey } from './Notices.tsx';
import './auth.css';

// Only the login form is needed when a page asks for it; the other forms and texts load when first opened.
const RegisterForm = lazy(() => import('./RegisterForm.tsx'));
const ResetForm = lazy(() => import('./ResetForm.tsx'));
const PrivacyNotice = lazy(() => import('./Notices.tsx').then((m) => ({ default: m.PrivacyNotice })));
const TextDialog = lazy(() => import('./Notices.tsx').then((m) => ({ default: m.TextDialog })));
const Loading = () => <p className="auth-lead">加载中…</p>;

const switchTo = (which: 'login' | 'register' | 'reset') => {
  closeDialog();
  setTimeout(() => openDialog(which), SWITCH_DELAY_MS);
};

interface Props {
  rsaKey: string;
  /** Rendered open on the server: a private page's visitor sees the login dialog before any script (`src/features/auth/login-with-page.ts` shows it). */
  initial?: 'login';
}

export default function AccountDialogs({ rsaKey, initial }: Props) {
  setRsaKey(rsaKey);
  // The server has no store of its own (it would be shared by every request), so it renders `initial`. The browser's store says
  // which dialog to open by the time this hydrates; the hydrating render must still be the server's (else React error #418
  // throws the server HTML away), so `initial` is the server snapshot and the stored dialog follows in the next render.
  const dialog = useStore($dialog, { ssr: () => initial ?? null });
  const [notice, setNotice] = useState(false);
  const [text, setText] = useState<TextKey | null>(null);
  // Once loaded, the notice and text dialogs stay mounted so closing them can return focus.
  const [noticeUsed, setNoticeUsed] = useState(false);
  const [textUsed, setTextUsed] = useState(false);
  useEffect(() => {
    if (notice) setNoticeUsed(true);
    if (text !== null) setTextUsed(true);
  }, [notice, text]);

  useEffect(() => {
    $loginDialogReady.set(true);
    return () => $loginDialogReady.set(false);
  }, []);

  function loggedIn(outcome: LoginOutcome) {
    if (outcome.privacyState === 'n') {
      closeDialog();
      setNotice(true);
      return;
    }
    toast.success('登录成功');
    void finishLogin(outcome);
  }

  return (
    <>
      <Modal open={dialog === 'login'} title="会员登录" name="login" onClose={closeDialog}>
        <LoginForm onLoggedIn={loggedIn} onForgot={() => switchTo('reset')} onRegister={() => switchTo('register')} />
      </Modal>
      <Modal open={dialog === 'register'} title="免费注册" name="register" onClose={closeDialog}>
        <Suspense fallback={<Loading />}>
          <RegisterForm onRegistered={() => switchTo('login')} onShowText={setText} onLogin={() => switchTo('login')} />
        </Suspense>
      </Modal>
      <Modal open={dialog === 'reset'} title="找回密码" name="reset" onClose={closeDialog}>
        <Suspense fallback={<Loading />}>
          <ResetForm onReset={() => switchTo('login')} onLogin={() => switchTo('login')} />
        </Suspense>
      </Modal>
      {(notice || noticeUsed) && (
        <Suspense fallback={null}>
          <PrivacyNotice
            open={notice}
            onDone={(outcome) => {
              setNotice(false);
              toast.success('登录成功');
              void finishLogin(outcome);
            }}
            onCancel={() => setNotice(false)}
          />
        </Suspense>
      )}
      {(text !== null || textUsed) && (
        <Suspense fallback={null}>
          <TextDialog which={text} onClose={() => setText(null)} />
        </Suspense>
      )}
    </>
  );
}
