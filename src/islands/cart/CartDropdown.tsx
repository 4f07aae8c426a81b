/** The header cart's drop-down (SPEC §2): lines with quantity controls, the total and a button to the cart; 280 px wide, lines area at most 334 px high. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatPrice } from '../../lib/money.ts';
import { goodsUrl } from '../../lib/routes.ts';
import { handleApiError } from '../../stores/api-errors.ts';
import { $cart, loadCart, setQuantity } from '../../stores/cart.ts';
import { $profile } from '../../stores/session.ts';

export default function CartDropdown() {
  const profile = useStore($profile);
  const list = useStore($cart);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(() => {
    if (!profile) return;
    setState('loading');
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
          <a href="/login?forward=%2Fshopping-cart">去登录</a>
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
          购物车还是空的，<a href="/goods?pageSize=16&pageNumber=1">去挑选商品</a>
        </p>
      </div>
    );
  }
  return (
    <div className="cart-drop">
      <p className="cart-drop-title">最新加入的商品</p>
      <ul className="cart-drop-lines">
        {lines.map((line) => (
          <li key={line.sku_id}>
            <img src={line.thumbnail} alt="" width="48" height="48" />
            <div className="cart-drop-info">
              <a href={goodsUrl(line.goods_id)}>{line.goodsName}</a>
              <small>{line.specs}</small>
              <span className="cart-drop-row">
                <span className="cart-drop-price">¥{formatPrice(line.price)}</span>
                <span className="qty" role="group" aria-label={`${line.goodsName} 数量`}>
                  <button type="button" aria-label="减少" disabled={line.num <= 1} onClick={() => setQuantity(line.sku_id, line.num - 1, handleApiError)}>
                    −
                  </button>
                  <output aria-live="polite">{line.num}</output>
                  <button type="button" aria-label="增加" disabled={line.num >= line.stock} onClick={() => setQuantity(line.sku_id, line.num + 1, handleApiError)}>
                    +
                  </button>
                </span>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className="cart-drop-foot">
        <span>
          已选合计 <strong>¥{formatPrice(list.cartTotal)}</strong>
        </span>
        <a className="cart-drop-go" href="/shopping-cart">
          去购物车
        </a>
      </div>
    </div>
  );
}
