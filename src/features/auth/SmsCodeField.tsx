/** The SMS code field with its send button (docs/product.md §4): checks the phone field of the same form first ('请输入手机号！'), toasts the result. */
import type { RefObject } from 'react';
import type { SmsType } from '#src/shared/api/contract/auth.ts';
import { fieldMessage, phoneSchema, PHONE_MESSAGES } from '#src/shared/validation/rules.ts';
import { sendSms } from './auth.ts';
import { toast } from '#src/shared/ui/toast.ts';
import CountdownButton from '#src/shared/ui/CountdownButton.tsx';
import Field from '#src/shared/ui/Field.tsx';
import { reported } from '#src/shared/ui/useFormAction.ts';

const SmsPhone = phoneSchema(PHONE_MESSAGES.emptyForSms);

interface Props {
  form: RefObject<HTMLFormElement | null>;
  type: SmsType;
  error?: string | null;
  setError: (name: string, message: string | null) => void;
  phoneField?: string;
}

export default function SmsCodeField({ form, type, error, setError, phoneField = 'phone' }: Props) {
  async function send(): Promise<unknown> {
    const phone = String(new FormData(form.current ?? undefined).get(phoneField) ?? '').trim();
    const message = fieldMessage(SmsPhone, phone);
    setError(phoneField, message);
    if (message) return false;
    await reported(sendSms(phone, type));
    toast.success('短信发送成功，请注意查收！');
  }
  return (
    <Field
      look="dialog"
      label="短信验证码"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="请输入短信验证码"
      error={error}
      aside={<CountdownButton storageKey={`sms:${type}`} onStart={send} className="auth-aside-btn" />}
    />
  );
}
