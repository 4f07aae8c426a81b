/**
 * The account page's personal-information rights (privacy_part): sign out everywhere else, the marketing opt-in (one tap
 * either way, PIPL Art. 15), the copy of my data (a one-time link), and account deletion with SMS confirmation.
 */
import { useState } from 'react';
import * as v from 'valibot';
import { privacy, type Deletion } from '#src/shared/api/contract/privacy.ts';
import { formatDateTime } from '#src/features/member/format.ts';
import { check } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { signOut } from '#src/shared/session/session.ts';
import { FieldMessage } from '#src/shared/ui/Field.tsx';
import { Form, SubmitButton } from '#src/shared/ui/Form.tsx';
import { reported, useFormAction } from '#src/shared/ui/useFormAction.ts';
import CountdownButton from '#src/shared/ui/CountdownButton.tsx';

export function SignOutOthers({ others }: { others: number }) {
  const go = useFormAction(() => browserApi.call(privacy.signOutOthers), {
    keepPending: true,
    onSuccess: ({ ended }) => {
      sessionStorage.setItem('flash', ended ? `已退出其他 ${ended} 处登录` : '没有其他设备在登录');
      location.reload();
    },
  });
  return (
    <button type="button" className="btn" aria-disabled={go.pending} onClick={() => go.run()} data-sign-out-others>
      {go.pending ? '处理中…' : `退出其他设备的登录${others ? `（${others}）` : ''}`}
    </button>
  );
}

export function MarketingSwitch({ optIn, time }: { optIn: boolean; time: number | null }) {
  const [state, setState] = useState({ optIn, time });
  const toggle = useFormAction((optIn: boolean) => browserApi.call(privacy.marketing, { input: { optIn }, silent: true }), {
    onSuccess: (s) => setState(s.marketing),
    success: (s) => (s.marketing.optIn ? '已开启优惠与活动消息' : '已关闭优惠与活动消息，不影响购物'),
  });
  return (
    <div className="pv-switch">
      <button
        type="button"
        role="switch"
        aria-checked={state.optIn}
        aria-label="接收优惠与活动消息"
        className={`pv-toggle${state.optIn ? ' is-on' : ''}`}
        aria-disabled={toggle.pending}
        onClick={() => toggle.run(!state.optIn)}
      >
        <span aria-hidden="true" />
      </button>
      <span data-marketing-state>
        {state.optIn ? '已开启' : '未开启'}
        {state.time ? `（${formatDateTime(state.time)} ${state.optIn ? '同意' : '撤回'}）` : ''}
      </span>
    </div>
  );
}

export function ExportButton() {
  const go = useFormAction(() => browserApi.call(privacy.exportLink), {
    // A navigation the browser turns into a download; the link works once, for 10 minutes.
    onSuccess: ({ token }) => location.assign(`/member/privacy-export?t=${encodeURIComponent(token)}`),
    success: '副本已生成，正在下载',
  });
  return (
    <button type="button" className="btn btn-primary" aria-disabled={go.pending} onClick={() => go.run()}>
      {go.pending ? '正在生成…' : '下载我的个人信息副本'}
    </button>
  );
}

const Close = v.object({
  agree: v.literal('on', '请先阅读并确认注销后果'),
  code: v.pipe(v.string('请输入验证码'), v.trim(), v.regex(/^\d{6}$/, '请输入6位数字验证码')),
});

export function CloseAccount({ phone, coolingOffDays }: { phone: string; coolingOffDays: number }) {
  const [done, setDone] = useState<Deletion | null>(null);

  async function send(): Promise<unknown> {
    const sent = await reported(browserApi.call(privacy.deletionCode));
    toast.success(`验证码已发送至 ${sent.phone}`);
    return true;
  }

  const close = useFormAction(
    async (code: string) => {
      const d = await browserApi.call(privacy.requestDeletion, { input: { code } });
      // The backend ended every session; the shop forgets this one's cookies too.
      await signOut({ ended: true });
      sessionStorage.setItem('flash', `注销申请已提交，${coolingOffDays} 天内重新登录即可撤销`);
      return d;
    },
    {
      onSuccess: setDone,
      // The failure stays above the button as well as in the shop's own reaction (toast, login again).
      onError: (e) => void close.setErrors({ form: e instanceof Error ? e.message : '提交失败，请稍后再试' }),
    },
  );
  const { errors, pending: busy } = close;

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const r = check(Close, { agree: data.get('agree') ?? '', code: String(data.get('code') ?? '') });
    if (close.validated(r)) close.run(r.value.code);
  }

  if (done)
    return (
      <div className="pv-done" role="status" data-deletion-pending>
        <p>
          <strong>注销申请已提交。</strong>您的账户将于 {done.dueAt ? formatDateTime(done.dueAt) : ''} 注销，所有设备的登录已退出。
        </p>
        <p>在此之前重新登录即可撤销注销申请。</p>
        <p>
          <a className="btn" href="/">
            返回首页
          </a>
        </p>
      </div>
    );

  return (
    <Form label="注销账户" onSubmit={submit}>
      <div className="m-field">
        <label className="pv-agree">
          <input
            type="checkbox"
            name="agree"
            aria-invalid={Boolean(errors.agree)}
            aria-describedby={errors.agree ? 'close-agree-error' : undefined}
          />
          我已阅读并了解以上注销后果
        </label>
        <FieldMessage id="close-agree-error" error={errors.agree} />
      </div>
      <div className="m-field">
        <label htmlFor="close-code">
          短信验证码（发送至 {phone}）
          <span className="m-req" aria-hidden="true">
            *
          </span>
        </label>
        <div className="u-display-flex u-gap-8px">
          <input
            id="close-code"
            name="code"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            aria-invalid={Boolean(errors.code)}
            aria-describedby={errors.code ? 'close-code-error' : undefined}
          />
          <CountdownButton storageKey="sms:close_account" onStart={send} className="btn" />
        </div>
        <FieldMessage id="close-code-error" error={errors.code} />
      </div>
      {errors.form && (
        <p className="m-form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="m-form-actions">
        <SubmitButton className="btn pv-danger" pending={busy} pendingLabel="提交中…">
          确认注销账户
        </SubmitButton>
      </div>
    </Form>
  );
}
