/** The account dialogs of every page (SPEC §2, §4): login, sign-up, reset password, the privacy notice and texts; opened through `$dialog` (openLogin), hydrated on first ask. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $dialog, $loginDialogReady, closeDialog, openDialog } from '../../stores/dialogs.ts';
import { finishLogin, SWITCH_DELAY_MS, type LoginOutcome } from '../../stores/auth.ts';
import { toast } from '../../stores/toast.ts';
import LoginForm from './LoginForm.tsx';
import Modal from './Modal.tsx';
import { PrivacyNotice, TextDialog, type TextKey } from './Notices.tsx';
import RegisterForm from './RegisterForm.tsx';
import ResetForm from './ResetForm.tsx';
import './auth.css';

const switchTo = (which: 'login' | 'register' | 'reset') => {
  closeDialog();
  setTimeout(() => openDialog(which), SWITCH_DELAY_MS);
};

export default function AccountDialogs() {
  const dialog = useStore($dialog);
  const [notice, setNotice] = useState(false);
  const [text, setText] = useState<TextKey | null>(null);

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
        <RegisterForm onRegistered={() => switchTo('login')} onShowText={setText} onLogin={() => switchTo('login')} />
      </Modal>
      <Modal open={dialog === 'reset'} title="找回密码" name="reset" onClose={closeDialog}>
        <ResetForm onReset={() => switchTo('login')} onLogin={() => switchTo('login')} />
      </Modal>
      <PrivacyNotice
        open={notice}
        onDone={(outcome) => {
          setNotice(false);
          toast.success('登录成功');
          void finishLogin(outcome);
        }}
        onCancel={() => setNotice(false)}
      />
      <TextDialog which={text} onClose={() => setText(null)} />
    </>
  );
}
