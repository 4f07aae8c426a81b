/** The buy box of a goods page: price, SKU picker (impossible choices disabled), stock, quantity, add to cart and buy now. Hydrates on first interaction. */
import { useEffect, useMemo, useState } from 'react';
import type { PriceLine } from '#src/shared/api/contract/prices.ts';
import AgreedPrice from '#src/features/prices/AgreedPrice.tsx';
import { agreedPrices } from '#src/features/prices/agreed-prices.ts';
import { allowedQuantity, nextTierText, quantityProblem, quantityRuleText, quantityStep, unitFenAt } from '#src/features/prices/rules.ts';
import { CART_MAX_NUM } from '#src/shared/api/contract/cart.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { choose, clampQuantity, initialSelection, isPossible, priceRange, skuFor, skuText, specRows, type Selection } from './sku.ts';
import { addToCart, buyNow } from '#src/features/cart/cart.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Sku {
  sku_id: number;
  spec_list: { spec_name: string; spec_value: string }[];
  price: number;
  stock: number;
  unit: string;
  deposit?: number | undefined;
}
interface Props {
  skus: Sku[];
  goodsId?: number;
  /** View control's price_part: ask for the company's agreed prices of this goods once hydrated. */
  pricePart?: boolean;
}

export default function BuyBox({ skus, goodsId, pricePart = false }: Props) {
  const rows = useMemo(() => specRows(skus), [skus]);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(skus, rows));
  const [num, setNum] = useState(1);
  const sku = skuFor(skus, rows, selection);
  const range = priceRange(skus);
  const stock = sku?.stock ?? 0;
  const buy = useFormAction(async (way: 'CART' | 'BUY_NOW', skuId: number, n: number) => {
    // addToCart toasts the outcome itself. A visitor is asked to sign in by both, and the goods follow the sign-in (cart.ts).
    if (way === 'CART') return addToCart(skuId, n);
    return buyNow(skuId, n);
  });
  const canBuy = sku !== null && stock > 0 && !buy.pending;
  const max = Math.min(stock, CART_MAX_NUM);
  // The company's agreed lines of this goods (the page's one private call); the quantity keeps to their minimum and multiple.
  const [agreed, setAgreed] = useState<PriceLine[]>([]);
  const [qtyNote, setQtyNote] = useState('');
  useEffect(() => {
    if (pricePart && goodsId !== undefined)
      void agreedPrices([goodsId]).then((r) => setAgreed(r ? r.lines.filter((l) => l.goodsId === goodsId) : []));
  }, [pricePart, goodsId]);
  const lineOf = (skuId: number | undefined) => agreed.find((l) => l.skuId === skuId);
  const line = lineOf(sku?.sku_id);
  /** A quantity within the stock and the agreed minimum and multiple; a corrected one says why (never silently). */
  const keepQty = (n: number, of = line, stockOf = stock, from?: number) => {
    const allowed = of ? allowedQuantity(of, n, from) : n;
    setQtyNote(of && allowed !== n ? (quantityProblem(of, n) ?? '') : '');
    return clampQuantity(allowed, stockOf, CART_MAX_NUM);
  };
  useEffect(() => {
    if (line) setNum((n) => keepQty(n));
  }, [line]);
  const step = line ? quantityStep(line) : 1;

  function pick(row: number, value: string) {
    const next = choose(selection, row, value);
    setSelection(next);
    const chosen = skuFor(skus, rows, next);
    if (chosen) setNum((n) => keepQty(n, lineOf(chosen.sku_id), chosen.stock));
  }

  function act(way: 'CART' | 'BUY_NOW') {
    if (!sku) return;
    buy.run(way, sku.sku_id, num);
  }

  return (
    <div className="buybox">
      <div className="buybox-price">
        <span className="buybox-label">价格</span>
        <strong aria-live="polite">
          {sku && line ? (
            <AgreedPrice price={unitFenAt(line, num) / 100} listPrice={sku.price} />
          ) : sku ? (
            <>¥{formatPrice(sku.price)}</>
          ) : range.low === range.high ? (
            <>¥{formatPrice(range.low)}</>
          ) : (
            <>
              ¥{formatPrice(range.low)} – {formatPrice(range.high)}
            </>
          )}
        </strong>
        {sku && <span className="buybox-unit">/ {sku.unit}</span>}
        {line && nextTierText(line, num) && <span className="buybox-tier">{nextTierText(line, num)}</span>}
      </div>
      {sku?.deposit ? (
        <p className="buybox-deposit">
          气瓶押金 <strong>¥{formatPrice(sku.deposit)}</strong> / {sku.unit}，空瓶归还后退还
        </p>
      ) : null}

      {rows.map((row, r) => (
        <div className="buybox-row" role="group" aria-labelledby={`spec-${r}`} key={row.name}>
          <span className="buybox-label" id={`spec-${r}`}>
            {row.name}
          </span>
          <div className="buybox-choices">
            {row.values.map((value) => {
              const possible = isPossible(skus, rows, selection, r, value);
              return (
                <button
                  type="button"
                  key={value}
                  className="buybox-choice"
                  aria-pressed={selection[r] === value}
                  disabled={!possible}
                  onClick={() => pick(r, value)}
                >
                  {value}
                </button>
              );
            })}
          </div>
        </div>
      ))}

      <p className="buybox-chosen" aria-live="polite">
        {sku ? (
          <>
            已选：<span data-testid="sku-text">{skuText(sku)}</span>
          </>
        ) : (
          '请选择完整的规格'
        )}
      </p>

      <div className="buybox-row">
        <span className="buybox-label" id="qty-label">
          数量
        </span>
        <div className="buybox-qty">
          <button
            type="button"
            aria-label="减少数量"
            disabled={!sku || num <= (line ? allowedQuantity(line, 1) : 1)}
            onClick={() => setNum((n) => keepQty(n - step, line, stock, n))}
          >
            －
          </button>
          <input
            type="number"
            inputMode="numeric"
            aria-labelledby="qty-label"
            min={1}
            max={Math.max(1, max)}
            value={num}
            disabled={!sku || stock === 0}
            step={step}
            onChange={(e) => setNum(clampQuantity(Number(e.currentTarget.value), stock, CART_MAX_NUM))}
            onBlur={() => setNum((n) => keepQty(n))}
          />
          <button type="button" aria-label="增加数量" disabled={!sku || num + step > max} onClick={() => setNum((n) => keepQty(n + step))}>
            ＋
          </button>
          <span className="buybox-stock">{sku ? (stock > 0 ? `库存 ${stock} ${sku.unit}` : '暂时缺货') : ''}</span>
        </div>
      </div>
      {line && quantityRuleText(line) && (
        <p className="buybox-rule" role="status">
          {qtyNote || quantityRuleText(line)}
        </p>
      )}

      <div className="buybox-actions">
        <button type="button" className="btn btn-primary" disabled={!canBuy} onClick={() => void act('BUY_NOW')}>
          立即购买
        </button>
        <button type="button" className="btn buybox-cart" disabled={!canBuy} onClick={() => void act('CART')}>
          加入购物车
        </button>
      </div>
    </div>
  );
}
