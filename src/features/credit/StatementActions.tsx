/** The company's finance confirms the month's credit statement (it becomes a bill with its due date) or disputes lines with a reason (the supplier answers; an agreed adjustment comes back as a credit note). */
import { useId, useState } from 'react';
import { credit, CREDIT_LINE_LABEL, type CreditStatement } from '#src/shared/api/contract/credit.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { fenText } from './rules.ts';

interface Props {
  month: string;
  lines: Pick<CreditStatement['lines'][number], 'id' | 'kind' | 'sn' | 'amountFen'>[];
}

export default function StatementActions({ month, lines }: Props) {
  const id = useId();
  const [disputing, setDisputing] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const confirm = useFormAction(() => browserApi.call(credit.confirm, { params: { month } }), {
    success: (st) => `对账单已确认，账单将于 ${st.dueOn} 到期`,
    reloadAfter: 800,
  });
  const dispute = useFormAction(
    (lineIds: number[], text: string) => browserApi.call(credit.dispute, { params: { month }, input: { lineIds, reason: text } }),
    { success: '异议已提交，供应商答复后将通知您', reloadAfter: 800, refusalInForm: true },
  );

  function submitDispute(e: React.FormEvent) {
    e.preventDefault();
    if (!picked.length) return dispute.setError('form', '请选择有异议的明细');
    if (!reason.trim()) return dispute.setError('reason', '请填写异议原因');
    dispute.run(picked, reason.trim());
  }

  return (
    <div className="m-noprint" data-statement-actions>
      <div className="m-actions">
        <button type="button" className="btn btn-primary" disabled={confirm.pending} onClick={() => confirm.run()}>
          {confirm.pending ? '正在确认…' : '确认对账单'}
        </button>
        <button type="button" className="btn" aria-expanded={disputing} onClick={() => setDisputing((d) => !d)}>
          提出异议
        </button>
      </div>
      {disputing && (
        <form className="u-margin-top-12px" onSubmit={submitDispute} noValidate aria-labelledby={`${id}-h`}>
          <h3 id={`${id}-h`}>选择有异议的明细</h3>
          {lines.map((l) => (
            <label className="co-radio" key={l.id}>
              <input
                type="checkbox"
                checked={picked.includes(l.id)}
                onChange={() => setPicked((p) => (p.includes(l.id) ? p.filter((x) => x !== l.id) : [...p, l.id]))}
              />
              {CREDIT_LINE_LABEL[l.kind]} {l.sn} {fenText(l.amountFen)}
            </label>
          ))}
          <div className="m-field">
            <label htmlFor={`${id}-reason`}>异议原因</label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={200}
              rows={3}
              aria-invalid={Boolean(dispute.errors.reason)}
              onChange={(e) => setReason(e.target.value)}
            />
            {dispute.errors.reason && (
              <p className="m-error" role="alert">
                {dispute.errors.reason}
              </p>
            )}
          </div>
          {dispute.errors.form && (
            <p className="m-error" role="alert">
              {dispute.errors.form}
            </p>
          )}
          <button type="submit" className="btn" disabled={dispute.pending}>
            {dispute.pending ? '正在提交…' : '提交异议'}
          </button>
        </form>
      )}
    </div>
  );
}
