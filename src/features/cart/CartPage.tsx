/** The cart page (docs/product.md §2 /shopping-cart): shops with their lines, checks per line, shop and all, shop activities, invalid lines, selected total, delete, clear and go to checkout. Rendered on the server from the member's cart, then kept in step with the cart store. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CartLine, CartList, CartShop } from '#src/shared/api/contract/cart.ts';
import { allChecked, checkedSkuIds } from './view.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { allGoodsUrl, confirmOrderUrl, goodsUrl, shopUrl } from '#src/shared/http/routes.ts';
import {
  $cart,
  $cartErrors,
  changeActivity,
  checkAll,
  checkLine,
  checkShop,
  clearActivity,
  clearCart,
  initCart,
  loadCart,
  moveToFavourites,
  removeLines,
} from './cart.ts';
import QuantityStepper from './QuantityStepper.tsx';
import AgreedPrice from '#src/features/prices/AgreedPrice.tsx';
import { quantityRuleText } from '#src/features/prices/rules.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import './cart.css';

interface Props {
  /** The member's cart as the server rendered it. */
  initial: CartList;
  /** A button posting to `action` in place of 去结算 (a punchout session: the order is placed in the buyer's procurement system). */
  instead?: { label: string; action: string };
}

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** A cart line's picture, name and specs (a link to the goods) and unit price. */
function LineGoods({
  line,
}: {
  line: Pick<CartLine, 'thumbnail' | 'goods_id' | 'goodsName' | 'specs' | 'price' | 'listPrice' | 'agreementNo'>;
}) {
  return (
    <>
      <img src={line.thumbnail} alt="" width="80" height="80" loading="lazy" />
      <div className="cart-goods">
        <a href={goodsUrl(line.goods_id)}>{line.goodsName}</a>
        <small>{line.specs}</small>
      </div>
      <AgreedPrice className="cart-price" price={line.price} listPrice={line.listPrice} agreementNo={line.agreementNo} />
    </>
  );
}

/** An agreed line's minimum and multiple in words ('' without them). */
const ruleOf = (line: CartLine): string =>
  line.minQty === undefined ? '' : quantityRuleText({ minQty: line.minQty, multiple: line.multiple ?? 1, unit: line.unit });

/** Takes one line out of the cart (a valid line or one that can no longer be bought). */
function RemoveLine({ line }: { line: { sku_id: number; goodsName: string } }) {
  return (
    <button type="button" className="link-btn" onClick={() => void removeLines([line.sku_id])} aria-label={`删除 ${line.goodsName}`}>
      删除
    </button>
  );
}

export default function CartPage({ initial, instead }: Props) {
  // The first render matches the server's HTML (the cart it was rendered with); the store takes over after hydration.
  const [mounted, setMounted] = useState(false);
  const stored = useStore($cart);
  const list = (mounted && stored) || initial;
  const errors = useStore($cartErrors);
  const confirmRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    setMounted(true);
    initCart(initial);
    // Another tab may have changed the cart: coming back to this one shows the server's cart again.
    const onVisible = () => document.visibilityState === 'visible' && void loadCart().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [initial]);

  const empty = list.valid.length === 0 && list.invalid.length === 0;
  if (empty) {
    return (
      <section className="cart-empty" aria-labelledby="cart-title">
        <h1 id="cart-title">购物车</h1>
        <p>购物车空空的，还没有添加商品。</p>
        <a className="btn btn-primary" href={allGoodsUrl()}>
          去挑选商品
        </a>
      </section>
    );
  }

  const selected = checkedSkuIds(list);
  const everything = allChecked(list);

  return (
    <div className="cart-page">
      <div className="cart-head">
        <h1 id="cart-title">
          购物车<small>（共 {list.valid.reduce((n, s) => n + s.sku_list.length, 0)} 种商品）</small>
        </h1>
      </div>

      {list.valid.length > 0 && (
        <div className="cart-cols">
          <label className="check">
            <input type="checkbox" checked={everything} onChange={(e) => checkAll(flag(e.target.checked))} />
            全选
          </label>
          <span>商品</span>
          <span>单价</span>
          <span>数量</span>
          <span>小计</span>
          <span>操作</span>
        </div>
      )}

      {list.valid.map((shop) => (
        <Shop key={shop.shop_id} shop={shop} errors={errors} />
      ))}

      {list.invalid.length > 0 && (
        <section className="cart-shop cart-invalid" aria-labelledby="cart-invalid-title">
          <header className="cart-shop-head">
            <h2 id="cart-invalid-title">失效商品（{list.invalid.length}）</h2>
            <button type="button" className="link-btn" onClick={() => void removeLines(list.invalid.map((l) => l.sku_id))}>
              清空失效商品
            </button>
          </header>
          <ul className="cart-lines">
            {list.invalid.map((line) => (
              <li key={line.sku_id} className="cart-line" data-sku={line.sku_id}>
                <span className="cart-reason">{line.reason}</span>
                <LineGoods line={line} />
                <span className="cart-num">× {line.num}</span>
                <span />
                <span className="cart-actions">
                  <RemoveLine line={line} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {list.valid.length > 0 && (
        <div className="cart-bar">
          <span className="cart-tools">
            <label className="check">
              <input type="checkbox" checked={everything} onChange={(e) => checkAll(flag(e.target.checked))} />
              全选
            </label>
            <button type="button" className="link-btn" disabled={selected.length === 0} onClick={() => void removeLines(selected)}>
              删除选中的商品
            </button>
            <button type="button" className="link-btn" onClick={() => confirmRef.current?.showModal()}>
              清空购物车
            </button>
          </span>
          <span className="cart-sum">
            已选 <strong data-checked-num>{list.checkedNum}</strong> 件商品
            <span className="cart-total">
              合计：<strong data-cart-total>¥{formatPrice(list.cartTotal)}</strong>
            </span>
            {list.discount > 0 && <small data-cart-discount>已优惠 ¥{formatPrice(list.discount)}</small>}
          </span>
          {instead ? (
            <form method="post" action={instead.action} className="cart-instead">
              <button type="submit" className="btn btn-primary cart-go">
                {instead.label}
              </button>
            </form>
          ) : (
            <a
              className="btn btn-primary cart-go"
              href={confirmOrderUrl('CART')}
              aria-disabled={selected.length === 0}
              onClick={(e) => selected.length === 0 && e.preventDefault()}
            >
              去结算
            </a>
          )}
        </div>
      )}

      <dialog ref={confirmRef} className="cart-confirm" aria-labelledby="cart-confirm-title">
        <form method="dialog">
          <h2 id="cart-confirm-title">清空购物车</h2>
          <p>确定要清空购物车中的全部商品吗？此操作不能撤销。</p>
          <p className="cart-confirm-actions">
            <button className="btn" value="cancel">
              取消
            </button>
            <button className="btn btn-primary" value="ok" onClick={() => void clearCart()}>
              确定清空
            </button>
          </p>
        </form>
      </dialog>
    </div>
  );
}

function Shop({ shop, errors }: { shop: CartShop; errors: Record<string, string | undefined> }) {
  const titleId = `cart-shop-${shop.shop_id}`;
  // The cart store toasts its own failures and reloads the cart: the action holds the select's pending state.
  const activity = useFormAction((value: string) =>
    value === '' ? clearActivity(shop.shop_id) : changeActivity(shop.shop_id, Number(value)),
  );
  const busy = activity.pending;
  return (
    <section className="cart-shop" aria-labelledby={titleId} data-shop={shop.shop_id}>
      <header className="cart-shop-head">
        <label className="check">
          <input
            type="checkbox"
            checked={shop.checked === 1}
            onChange={(e) => checkShop(shop.shop_id, flag(e.target.checked))}
            aria-label={`选择 ${shop.shopName} 的全部商品`}
          />
        </label>
        <h2 id={titleId}>
          <a href={shopUrl(shop.shop_id)}>{shop.shopName}</a>
        </h2>
        {shop.activities.length > 0 && (
          <span className="cart-activity">
            <span className="tag">促销</span>
            <label>
              <span className="visually-hidden">{shop.shopName} 的促销活动</span>
              <select value={shop.activity_id ?? ''} disabled={busy} onChange={(e) => activity.run(e.target.value)}>
                <option value="">不使用活动</option>
                {shop.activities.map((a) => (
                  <option key={a.activity_id} value={a.activity_id}>
                    {a.title}（{a.hint}）
                  </option>
                ))}
              </select>
            </label>
            {shop.discount > 0 && <strong className="cart-shop-discount">已减 ¥{formatPrice(shop.discount)}</strong>}
          </span>
        )}
      </header>
      <ul className="cart-lines">
        {shop.sku_list.map((line) => (
          <li key={line.sku_id} className={line.checked ? 'cart-line is-checked' : 'cart-line'} data-sku={line.sku_id}>
            <label className="check">
              <input
                type="checkbox"
                checked={line.checked === 1}
                onChange={(e) => checkLine(line.sku_id, flag(e.target.checked))}
                aria-label={`选择 ${line.goodsName} ${line.specs}`}
              />
            </label>
            <LineGoods line={line} />
            <span className="cart-num">
              <QuantityStepper line={line} editable />
              <small className="cart-stock">库存 {line.stock}</small>
              {line.nextTier && <small className="cart-tier">{line.nextTier}</small>}
              {ruleOf(line) && <small className="cart-tier cart-rule">{ruleOf(line)}</small>}
              {errors[line.sku_id] && (
                <small className="cart-error" role="alert">
                  {errors[line.sku_id]}
                </small>
              )}
            </span>
            <strong className="cart-subtotal" data-subtotal>
              ¥{formatPrice(line.subtotal)}
            </strong>
            <span className="cart-actions">
              <button
                type="button"
                className="link-btn"
                onClick={() => void moveToFavourites(line.sku_id, line.goods_id)}
                aria-label={`将 ${line.goodsName} 移入收藏`}
              >
                移入收藏
              </button>
              <RemoveLine line={line} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
