/** Confirmorder's payment choice when the company buys on credit (contract/credit.ts, shown when the answer carries `credit`): pay online at the cashier (the default) or 账期支付（月结）with the credit available; never preselected. */
import { useId } from 'react';
import type { CheckoutCredit } from '#src/shared/api/contract/credit.ts';
import { creditRefusal, fenText } from './rules.ts';
import './credit.css';

export type PayChoice = 'ONLINE' | 'CREDIT';

/** Why the order cannot go on account now (held, role, over the credit left), or null. */
export function creditBlock(c: CheckoutCredit, payableFen: number): string | null {
  if (!c.allowed) return '您的企业角色不能下单';
  if (c.held) return c.held;
  return creditRefusal(payableFen, c.lineFen, c.lineFen - c.availableFen);
}

interface Props {
  credit: CheckoutCredit;
  payableFen: number;
  value: PayChoice;
  onChange: (v: PayChoice) => void;
}

export default function CreditPayChoice({ credit, payableFen, value, onChange }: Props) {
  const id = useId();
  const block = creditBlock(credit, payableFen);
  return (
    <section className="co-card" aria-labelledby={`${id}-h`} data-credit-part>
      <header className="co-card-head">
        <h2 id={`${id}-h`}>支付方式</h2>
      </header>
      <div className="co-pay-choices" role="radiogroup" aria-labelledby={`${id}-h`}>
        <label className="co-radio">
          <input type="radio" name="payMethod" value="ONLINE" checked={value === 'ONLINE'} onChange={() => onChange('ONLINE')} />
          在线支付（微信、支付宝或对公转账）
        </label>
        <label className="co-radio">
          <input
            type="radio"
            name="payMethod"
            value="CREDIT"
            checked={value === 'CREDIT'}
            disabled={block !== null && credit.held !== null}
            aria-describedby={`${id}-credit`}
            onChange={() => onChange('CREDIT')}
          />
          账期支付（月结）
        </label>
        <p className="co-soft" id={`${id}-credit`} data-credit-available>
          {credit.termLabel} · 可用额度 {fenText(credit.availableFen)}（授信额度 {fenText(credit.lineFen)}）· 计入 {credit.month}{' '}
          对账单，无需在线支付
        </p>
      </div>
      {block && (value === 'CREDIT' || credit.held) && (
        <p className="co-notice" role="alert" data-credit-block>
          {block}
          {credit.held && '。其他支付方式不受影响。'}
        </p>
      )}
    </section>
  );
}
