/** An approver's decision on an order waiting for approval (/member/my-approvals): a comment, then approve or reject (a rejection needs the comment). */
import { useId, useState } from 'react';
import { company } from '#src/shared/api/contract/company.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export default function ApprovalDecision({ sn }: { sn: string }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const decision = useFormAction(
    (approve: boolean) => browserApi.call(company.decide, { params: { sn }, input: { approve, comment: comment.trim() } }),
    {
      success: (_, approve) => (approve ? '已审批通过，已通知下单人付款' : '已驳回，订单已取消'),
      reloadAfter: 800,
    },
  );
  const busy = decision.pending;

  function decide(approve: boolean) {
    if (busy) return;
    if (!approve && !comment.trim()) return setError('驳回时请填写审批意见');
    setError('');
    decision.run(approve);
  }

  return (
    <div className="m-form" role="group" aria-label={`审批订单 ${sn}`}>
      <div className="m-field">
        <label htmlFor={`${id}-c`}>审批意见</label>
        <textarea
          id={`${id}-c`}
          value={comment}
          maxLength={200}
          rows={2}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(e) => setComment(e.target.value)}
          placeholder="通过时可不填；驳回时请写明原因"
        />
        {error && (
          <p className="m-error" id={`${id}-e`}>
            {error}
          </p>
        )}
      </div>
      <div className="m-form-actions">
        <button type="button" className="btn btn-primary" aria-disabled={busy} onClick={() => decide(true)}>
          通过
        </button>
        <button type="button" className="btn btn-danger" aria-disabled={busy} onClick={() => decide(false)}>
          驳回
        </button>
      </div>
    </div>
  );
}
