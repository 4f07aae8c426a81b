/** A cart line's quantity control: − and + within 1 and the stock, and on the cart page a field for typing a number; the change shows at once and goes to the server through the cart store. */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import * as v from 'valibot';
import { CartNum, type CartLine } from '#src/shared/api/contract/cart.ts';
import { typedQuantity } from './view.ts';
import { $cartErrors, rejectQuantity, setQuantity } from './cart.ts';
import { allowedQuantity, quantityProblem, quantityStep } from '#src/features/prices/rules.ts';

interface Props {
  line: Pick<CartLine, 'sku_id' | 'num' | 'stock' | 'goodsName' | 'minQty' | 'multiple' | 'unit'>;
  /** A field to type the number into (the cart page); the drop-down shows the number only. */
  editable?: boolean;
}

export default function QuantityStepper({ line, editable = false }: Props) {
  // An agreed line steps by its multiple and stops at its minimum; a typed number that breaks them is refused with the reason.
  const agreed = { minQty: line.minQty ?? 1, multiple: line.multiple ?? 1, unit: line.unit };
  const step = quantityStep(agreed);
  const least = allowedQuantity(agreed, 1);
  const [draft, setDraft] = useState(String(line.num));
  const error = useStore($cartErrors)[line.sku_id];
  // The field follows the line, and goes back to it when a typed number was refused (the line may not have changed).
  useEffect(() => setDraft(String(line.num)), [line.num, error]);

  /** A typed number: the contract's own rules answer 0, negatives and huge numbers; above the stock the server says 库存不足. */
  const commit = () => {
    const n = typedQuantity(draft);
    if (n === line.num) return;
    const checked = n === null ? null : v.safeParse(CartNum, n);
    if (n === null || !checked || !checked.success) {
      setDraft(String(line.num));
      rejectQuantity(line.sku_id, checked?.issues?.[0].message ?? '请输入购买数量');
      return;
    }
    const problem = quantityProblem(agreed, n);
    if (problem) {
      setDraft(String(line.num));
      rejectQuantity(line.sku_id, problem);
      return;
    }
    setQuantity(line.sku_id, n);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') setDraft(String(line.num));
  };

  return (
    <span className="qty" role="group" aria-label={`${line.goodsName} 数量`}>
      <button
        type="button"
        aria-label="减少"
        disabled={line.num <= least}
        onClick={() => setQuantity(line.sku_id, allowedQuantity(agreed, line.num - step, line.num))}
      >
        −
      </button>
      {editable ? (
        <input
          type="text"
          inputMode="numeric"
          aria-label="购买数量"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={onKey}
          data-qty
        />
      ) : (
        <output aria-live="polite" data-qty>
          {line.num}
        </output>
      )}
      <button
        type="button"
        aria-label="增加"
        disabled={line.num + step > line.stock}
        onClick={() => setQuantity(line.sku_id, allowedQuantity(agreed, line.num + step))}
      >
        +
      </button>
    </span>
  );
}
