/** The header cart's drop-down (docs/product.md §2): lines with quantity controls, the total and a button to the cart; 280 px wide, lines area at most 334 px high. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatPrice } from '#src/shared/formats/money.ts';
import { allGoodsUrl, cartUrl, goodsUrl } from '#src/shared/http/routes.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { $cart, $cartErrors, loadCart } from './cart.ts';
import { openLogin } from '#src/shared/session/dialogs.ts';
import { $profile } from '#src/shared/session/session.ts';
import QuantityStepper from './QuantityStepper.tsx';
import AgreedPrice from '#src/features/prices/AgreedPrice.tsx';

export default function CartDropdown() {
  // The server rendered the visitor's view; the first client render matches it, then the member's view follows.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const member = useStore($profile);
  const profile = mounted ? member : null;
  const stored = useStore($cart);
  const list = mounted ? stored : null;
  const errors = useStore($cartErrors);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(() => {
    if (!profile) return;
    setState('loading');
    // Not a useFormAction: a background load when the member is known, with its own loading and failed states; no control is pending.
    loadCart().then(
      () => setState('idle'),
      (e: unknown) => {
        setState('failed');
        handleApiError(e);
      },
    );
  }, [profile]);

  if (!profile) {
    return (
      <div className="cart-drop">
        <p className="cart-drop-empty">
          登录后可查看购物车中的商品。
          <button type="button" className="cart-drop-login" onClick={() => openLogin(cartUrl())}>
            去登录
          </button>
        </p>
      </div>
    );
  }
  if (!list) {
    return (
      <div className="cart-drop">
        <p className="cart-drop-empty" role="status">
          {state === 'failed' ? '购物车加载失败，请稍后再试。' : '正在加载购物车…'}
        </p>
      </div>
    );
  }
  const lines = list.valid.flatMap((shop) => shop.sku_list);
  if (lines.length === 0) {
    return (
      <div className="cart-drop">
        <p className="cart-drop-empty">
          购物车还是空的，<a href={allGoodsUrl()}>去挑选商品</a>
        </p>
      </div>
    );
  }
  return (
    <div className="cart-drop">
      <p className="cart-drop-title">最新加入的商品</p>
      <ul className="cart-drop-lines">
        {lines.map((line) => (
          <li key={line.sku_id} data-sku={line.sku_id}>
            <img src={line.thumbnail} alt="" width="48" height="48" />
            <div className="cart-drop-info">
              <a href={goodsUrl(line.goods_id)}>{line.goodsName}</a>
              <small>{line.specs}</small>
              <span className="cart-drop-row">
                <AgreedPrice className="cart-drop-price" price={line.price} listPrice={line.listPrice} agreementNo={line.agreementNo} />
                <QuantityStepper line={line} />
              </span>
              {errors[line.sku_id] && (
                <small className="cart-drop-error" role="alert">
                  {errors[line.sku_id]}
                </small>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="cart-drop-foot">
        <span>
          已选合计 <strong>¥{formatPrice(list.cartTotal)}</strong>
        </span>
        <a className="cart-drop-go" href={cartUrl()}>
          去购物车
        </a>
      </div>
    </div>
  );
}
