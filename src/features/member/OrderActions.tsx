/** An order's cancel (with a reason and a confirmation; shown only with view control cancel_part on) and confirm-receipt buttons. */
import { useState } from 'react';
import { order } from '#src/shared/api/contract/order.ts';
import { check } from '#src/shared/validation/form.ts';
import { CANCEL_REASONS } from './orders.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Confirm from './Confirm.tsx';

interface Props {
  sn: string;
  cancel: boolean;
  receive: boolean;
}

export default function OrderActions({ sn, cancel, receive }: Props) {
  const [open, setOpen] = useState<'cancel' | 'receive' | null>(null);
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState('');

  const act = useFormAction((call: () => Promise<unknown>, _done: string) => call(), {
    success: (_, _call, done) => done,
    onSuccess: () => setOpen(null),
    // The member reads the confirmation, then the page shows the order as the server now has it.
    reloadAfter: 1000,
  });
  const busy = act.pending;

  function confirmCancel() {
    const text = reason === '其他原因' ? other : reason;
    const r = check(order.cancel.input, { reason: text });
    if (!r.ok) return setError(r.errors.reason ?? r.errors.form ?? '请选择取消原因');
    setError('');
    act.run(() => browserApi.call(order.cancel, { params: { sn }, input: r.value }), '订单已取消');
  }

  return (
    <>
      {cancel && (
        <button type="button" className="btn btn-danger" onClick={() => setOpen('cancel')}>
          取消订单
        </button>
      )}
      {receive && (
        <button type="button" className="btn btn-primary" onClick={() => setOpen('receive')}>
          确认收货
        </button>
      )}
      {open === 'cancel' && (
        <Confirm open title="取消订单" confirmLabel="确认取消" danger busy={busy} onConfirm={confirmCancel} onClose={() => setOpen(null)}>
          <p className="m-hint">订单号 {sn}。取消后，订单使用的优惠券将退回账户。</p>
          <fieldset
            className="m-choice u-display-grid u-gap-0 u-margin-top-8px"
            aria-describedby={error ? `${sn}-cancel-error` : undefined}
          >
            <legend>取消原因</legend>
            {CANCEL_REASONS.map((r) => (
              <label key={r}>
                <input type="radio" name={`reason-${sn}`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                {r}
              </label>
            ))}
          </fieldset>
          {reason === '其他原因' && (
            <div className="m-field">
              <label htmlFor={`${sn}-other`}>请说明原因</label>
              <textarea id={`${sn}-other`} maxLength={100} value={other} onChange={(e) => setOther(e.target.value)} />
            </div>
          )}
          {error && (
            <p className="m-error" id={`${sn}-cancel-error`} role="alert">
              {error}
            </p>
          )}
        </Confirm>
      )}
      {open === 'receive' && (
        <Confirm
          open
          title="确认收货"
          confirmLabel="确认收货"
          busy={busy}
          onConfirm={() => act.run(() => browserApi.call(order.receive, { params: { sn } }), '已确认收货')}
          onClose={() => setOpen(null)}
        >
          <p>请确认已收到订单 {sn} 的全部货物，且钢瓶外观、阀门和标签完好。确认后订单将进入已收货状态。</p>
        </Confirm>
      )}
    </>
  );
}
