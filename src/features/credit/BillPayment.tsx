/** Pays one or several bills by bank transfer (对公转账): the member ticks the bills, gets the supplier's account and the remittance code (汇款识别码) to write in the transfer's note, and uploads the bank slip; the back office matches the bank's receipt by the code. */
import { useId, useState } from 'react';
import { credit, type CreditBill, type Remittance } from '#src/shared/api/contract/credit.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';
import { fenText } from './rules.ts';
import './credit.css';

interface Props {
  /** The bills not yet paid in full, on this page. */
  bills: Pick<CreditBill, 'id' | 'month' | 'amountFen' | 'paidFen' | 'dueOn' | 'stateText'>[];
}

export default function BillPayment({ bills }: Props) {
  const id = useId();
  // Every open bill ticked: most pay all at once, and one transfer with one code is what the bank matches best.
  const [chosen, setChosen] = useState<number[]>(() => bills.map((b) => b.id));
  const [remittance, setRemittance] = useState<Remittance | null>(null);
  const [slip, setSlip] = useState<UploadedFile[]>([]);
  const owed = bills.filter((b) => chosen.includes(b.id)).reduce((a, b) => a + b.amountFen - b.paidFen, 0);

  const remit = useFormAction((billIds: number[]) => browserApi.call(credit.remit, { input: { billIds } }), { onSuccess: setRemittance });
  const send = useFormAction(
    (r: Remittance, file: UploadedFile) =>
      browserApi.call(credit.slip, { params: { code: r.code }, input: { slipUrl: file.url, slipName: file.name } }),
    { success: '汇款凭证已提交，财务确认到账后账单将标记为已付款', onSuccess: setRemittance },
  );

  if (!bills.length) return null;
  const toggle = (billId: number) => setChosen((c) => (c.includes(billId) ? c.filter((x) => x !== billId) : [...c, billId]));

  return (
    <section className="m-card" aria-labelledby={`${id}-h`} data-bill-payment>
      <h2 id={`${id}-h`}>对公转账付款</h2>
      {!remittance ? (
        <>
          <fieldset className="co-pay-choices">
            <legend>选择要付款的账单（可多选，一次转账）</legend>
            {bills.map((b) => (
              <label className="co-radio" key={b.id}>
                <input type="checkbox" checked={chosen.includes(b.id)} onChange={() => toggle(b.id)} data-bill-choice={b.id} />
                {b.month} 月账单 · 待付 {fenText(b.amountFen - b.paidFen)} · {b.dueOn} 到期 · {b.stateText}
              </label>
            ))}
          </fieldset>
          <p>
            合计 <strong data-remit-total>{fenText(owed)}</strong>
          </p>
          <button type="button" className="btn btn-primary" disabled={!chosen.length || remit.pending} onClick={() => remit.run(chosen)}>
            {remit.pending ? '正在生成…' : '获取汇款识别码'}
          </button>
          {!chosen.length && <p className="m-soft">请先勾选要付款的账单。</p>}
        </>
      ) : (
        <>
          <div className="credit-payee">
            <span>收款单位：{remittance.payee.payee}</span>
            <span>开户银行：{remittance.payee.bank}</span>
            <span>银行账号：{remittance.payee.account}</span>
            <span>转账金额：{fenText(remittance.amountFen - remittance.receivedFen)}</span>
            <span>
              汇款识别码（请填写在转账附言中）：
              <strong className="credit-code" data-remittance-code>
                {remittance.code}
              </strong>
            </span>
          </div>
          {remittance.slip ? (
            <p role="status" data-slip-sent>
              已提交汇款凭证 {remittance.slip.name}，等待财务确认到账。附言中的识别码与到账金额一致时，账单将自动标记为已付款。
            </p>
          ) : (
            <>
              <Uploader label="银行回单" required files={slip} onChange={setSlip} hint="JPG、PNG 或 PDF，不超过 5MB" />
              <button
                type="button"
                className="btn btn-primary"
                disabled={!slip[0] || send.pending}
                onClick={() => send.run(remittance, slip[0]!)}
              >
                {send.pending ? '正在提交…' : '提交汇款凭证'}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
