/** The confirm-order form: address, goods by shop, coupon, invoice, remark and the payable the server priced; submits one order per purchase. */
import CompanyOrderFields, { companyOrderProblem, type CompanyOrderValues } from './CompanyOrderFields.tsx';
import AgreedPrice from '#src/features/prices/AgreedPrice.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, httpErrorText } from '#src/shared/api/errors.ts';
import {
  INVOICE_TYPE_LABEL,
  TITLE_TYPE_LABEL,
  type Address,
  type InvoiceTitle,
  type InvoiceType,
} from '#src/shared/api/contract/member.ts';
import { order, PRICE_CHANGED, type Checkout } from '#src/shared/api/contract/order.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { forgetOrderKey, orderKey, purchaseFingerprint } from './idempotency.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { cartUrl, cashierUrl, companyInfoUrl, goodsUrl } from '#src/shared/http/routes.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { $checkout, $recomputing, recompute } from './checkout.ts';
import { toast } from '#src/shared/ui/toast.ts';
import AddressForm from './AddressForm.tsx';
import { PermitNeeds, Shipments } from '#src/features/hazmat/HazmatParts.tsx';
import InvoiceTitleForm from './InvoiceTitleForm.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import '#src/styles/ui.css';
import './checkout.css';
import TableHead from '#src/shared/ui/TableHead.tsx';

interface Props {
  initial: Checkout;
  addresses: Address[];
  titles: InvoiceTitle[];
  /** Who orders, to name the purchase the idempotency key belongs to. */
  uid: number;
}

type InvoiceChoice = 'NONE' | InvoiceType;
const REMARK_MAX = 200;
const yuan = (n: number) => `¥${formatPrice(n)}`;
/** Default address first, then the newest. */
const sortAddresses = (list: Address[]) => [...list].sort((a, b) => b.isDefault - a.isDefault || b.id - a.id);

export default function ConfirmOrder({ initial, addresses: initialAddresses, titles: initialTitles, uid }: Props) {
  const id = useId();
  const shown = useStore($checkout) ?? initial;
  const recomputing = useStore($recomputing);
  const [addresses, setAddresses] = useState(() => sortAddresses(initialAddresses));
  const [titles, setTitles] = useState(initialTitles);
  const [addressId, setAddressId] = useState<number | undefined>(initial.address?.id);
  const [couponId, setCouponId] = useState<number | undefined>(initial.coupon?.couponId);
  const [invoiceType, setInvoiceType] = useState<InvoiceChoice>(initial.invoice?.type ?? 'NONE');
  const [invoiceId, setInvoiceId] = useState<number | undefined>(initial.invoice?.id);
  const [remark, setRemark] = useState('');
  const [companyValues, setCompanyValues] = useState<CompanyOrderValues>({ poNumber: '', costCentre: '' });
  const [companyError, setCompanyError] = useState<ReturnType<typeof companyOrderProblem>>(null);
  const [addressForm, setAddressForm] = useState<'new' | Address | null>(initialAddresses.length === 0 ? 'new' : null);
  const [titleForm, setTitleForm] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const key = useRef<{ key: string; fingerprint: string } | null>(null);

  useEffect(() => {
    $checkout.set(initial);
    // One key per confirm page, made when it opens: every submit from here, and a second tab of the same purchase, send it.
    const lines = initial.shops.flatMap((s) => s.sku_list);
    // A quote's lines are named by the quote (their ids are only positions), so two quotes never share a key.
    const fingerprint = purchaseFingerprint(uid, initial.quote ? `QUOTE-${initial.quote.id}` : initial.way, lines);
    key.current = { key: orderKey(localStorage, fingerprint, Date.now()), fingerprint };
  }, [initial, uid]);

  /** Controlled goods without the company's permit (hazmat_part): the server would refuse the order. */
  const permitsNeeded = (shown.hazmat?.needs.length ?? 0) > 0;
  const titlesOfType = titles.filter((t) => t.type === invoiceType);
  const chosenTitle = invoiceType === 'NONE' ? undefined : titlesOfType.find((t) => t.id === invoiceId);

  const makeDefault = useFormAction((title: InvoiceTitle) => browserApi.call(order.setDefaultInvoice, { input: { invoiceId: title.id } }), {
    success: '已设为默认发票抬头',
    onSuccess: setTitles,
  });

  /** Prices the current choice on the server; a refused coupon is dropped and priced again without it. */
  // Not a useFormAction: re-pricing is a load (its pending state is `recomputing` from the checkout store), retried without a refused coupon.
  async function reprice(next: { addressId?: number; couponId?: number; invoiceId?: number }) {
    try {
      await recompute({ way: initial.way, quoteId: initial.quote?.id, ...next });
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'business' && next.couponId !== undefined) {
        toast.error(e.message);
        setCouponId(undefined);
        await reprice({ ...next, couponId: undefined });
      } else handleApiError(e);
    }
  }
  const choice = () => ({ addressId, couponId, invoiceId: chosenTitle?.id });

  function chooseAddress(a: number) {
    setAddressId(a);
    void reprice({ ...choice(), addressId: a });
  }
  function chooseCoupon(c: number | undefined) {
    setCouponId(c);
    void reprice({ ...choice(), couponId: c });
  }
  function chooseInvoiceType(t: InvoiceChoice) {
    setInvoiceType(t);
    setTitleForm(false);
    const first = titles.find((x) => x.type === t && x.isDefault === 1) ?? titles.find((x) => x.type === t);
    setInvoiceId(first?.id);
  }

  type OrderInput = InputOf<typeof order.create>;
  type OrderKey = { key: string; fingerprint: string };
  // The order as an action: pending (the button disabled, a double click ignored) from the tap until the page leaves for the
  // cashier; the idempotency key is made once per page and sent again on every retry, so a retry never orders twice.
  const place = useFormAction(
    (input: OrderInput, k: OrderKey) => browserApi.call(order.create, { params: { type: initial.way }, input, idempotencyKey: k.key }),
    {
      keepPending: true,
      onSuccess: (created, _input, k) => {
        forgetOrderKey(localStorage, k.fingerprint);
        // An order waiting for the company's approval is paid later, from its detail page.
        location.assign(
          created.status === 'APPROVAL'
            ? `/member/my-order/detail?sn=${encodeURIComponent(created.sn)}`
            : cashierUrl(created.sn, initial.way === 'QUOTE' ? undefined : initial.way),
        );
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return false;
        if (e.kind === 'business' && (e.status === PRICE_CHANGED || /库存|下架|价格|优惠券/.test(e.message))) {
          // Prices or stock moved: show the new figures and keep everything the member entered.
          setNotice(`${e.message}。页面已按最新价格和库存更新，请核对后再提交。`);
          void reprice(choice());
          return true;
        }
        if (e.kind === 'business') return false;
        setNotice(`提交失败：${httpErrorText(e.status)}您填写的信息已保留，可直接重新提交，不会重复下单。`);
        return true;
      },
    },
  );
  const submitting = place.pending;

  function submit() {
    if (submitting || !shown.companyReady || permitsNeeded) return;
    if (addressId === undefined) {
      setNotice('请选择收货地址');
      return;
    }
    if (invoiceType !== 'NONE' && !chosenTitle) {
      setNotice('请选择发票抬头，或选择不开发票');
      return;
    }
    const problem = companyOrderProblem(shown.company, companyValues);
    setCompanyError(problem);
    if (problem) return;
    setNotice(null);
    const input: OrderInput = {
      addressId,
      couponId,
      invoiceId: chosenTitle?.id,
      remark: remark.trim(),
      payable: shown.payable,
      quoteId: initial.quote?.id,
      ...(shown.company ? companyValues : {}),
    };
    place.run(input, key.current ?? { key: crypto.randomUUID(), fingerprint: '' });
  }

  const canSubmit = shown.companyReady && !permitsNeeded && !submitting && !recomputing;
  const usable = shown.coupons.filter((c) => c.usable);
  const unusable = shown.coupons.filter((c) => !c.usable);

  return (
    <div className="co">
      {!shown.companyReady && (
        <div className="co-gate" role="alert">
          <h2>暂不能下单：请先上传企业信息</h2>
          <p>根据危险化学品经营管理规定，气体订单需核验采购单位资质。请在会员中心上传企业名称、税号和营业执照，审核通过后即可下单。</p>
          <a className="btn btn-primary" href={companyInfoUrl()}>
            去会员中心上传企业信息
          </a>
        </div>
      )}

      {shown.hazmat && <PermitNeeds hazmat={shown.hazmat} />}

      <section className="co-card" aria-labelledby={`${id}-addr`}>
        <header className="co-card-head">
          <h2 id={`${id}-addr`}>收货地址</h2>
          {addressForm === null && addresses.length < 20 && (
            <button type="button" className="btn co-small" onClick={() => setAddressForm('new')}>
              新增收货地址
            </button>
          )}
        </header>
        {addresses.length > 0 && (
          <fieldset className="co-options">
            <legend className="visually-hidden">选择收货地址</legend>
            {addresses.map((a) => (
              <div key={a.id} className={`co-option${a.id === addressId ? ' is-chosen' : ''}`}>
                <label>
                  <input type="radio" name={`${id}-address`} checked={a.id === addressId} onChange={() => chooseAddress(a.id)} />
                  <span className="co-option-body">
                    <strong>
                      {a.name} {a.phone}
                    </strong>
                    {a.isDefault === 1 && <span className="co-tag">默认</span>}
                    <span className="co-soft">
                      {a.regionText} {a.detail}
                    </span>
                  </span>
                </label>
                <button
                  type="button"
                  className="co-link"
                  onClick={() => setAddressForm(a)}
                  aria-label={`修改地址：${a.name} ${a.regionText}`}
                >
                  修改
                </button>
              </div>
            ))}
          </fieldset>
        )}
        {addressForm !== null && (
          <AddressForm
            key={addressForm === 'new' ? 'new' : addressForm.id}
            editing={addressForm === 'new' ? undefined : addressForm}
            onCancel={() => setAddressForm(null)}
            onSaved={(saved) => {
              setAddresses((list) =>
                sortAddresses(
                  [saved, ...list.filter((a) => a.id !== saved.id)].map((a) =>
                    saved.isDefault && a.id !== saved.id ? { ...a, isDefault: 0 as const } : a,
                  ),
                ),
              );
              setAddressForm(null);
              toast.success('收货地址已保存');
              chooseAddress(saved.id);
            }}
          />
        )}
      </section>

      <section className="co-card" aria-labelledby={`${id}-goods`}>
        <header className="co-card-head">
          <h2 id={`${id}-goods`}>商品清单</h2>
          {initial.way === 'CART' && (
            <a className="co-link" href={cartUrl()}>
              返回购物车修改
            </a>
          )}
        </header>
        {shown.shops.map((shop) => (
          <div key={shop.shop_id} className="co-shop">
            <h3 className="co-shop-name">{shop.shopName}</h3>
            <table className="co-lines">
              <caption className="visually-hidden">{shop.shopName}的商品</caption>
              <TableHead columns={['商品', '单价', '数量', '小计']} />
              <tbody>
                {shop.sku_list.map((l) => (
                  <tr key={l.sku_id}>
                    <td className="co-goods">
                      <img src={l.thumbnail} alt="" width="64" height="64" loading="lazy" />
                      <span>
                        {l.goods_id > 0 ? <a href={goodsUrl(l.goods_id)}>{l.goodsName}</a> : <strong>{l.goodsName}</strong>}
                        <span className="co-soft">{l.specs}</span>
                        {l.deposit > 0 && (
                          <span className="co-soft">
                            钢瓶押金 {yuan(l.deposit)}/{l.unit}（可退）
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label="单价">
                      <AgreedPrice price={l.price} listPrice={l.listPrice} agreementNo={l.agreementNo} />
                      {l.agreementNo && <span className="co-soft">协议编号 {l.agreementNo}</span>}
                    </td>
                    <td data-label="数量">
                      ×{l.num}
                      {l.unit}
                    </td>
                    <td data-label="小计" className="co-money">
                      {yuan(l.subtotal)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="co-shop-sum">
              {shop.activity && (
                <div>
                  <dt>店铺活动</dt>
                  <dd>
                    {shop.activity.title}，优惠 -{yuan(shop.discount)}
                  </dd>
                </div>
              )}
              <div>
                <dt>运费</dt>
                <dd>{shop.freight > 0 ? yuan(shop.freight) : '包邮'}</dd>
              </div>
              {shop.deposit > 0 && (
                <div>
                  <dt>钢瓶押金（可退）</dt>
                  <dd>{yuan(shop.deposit)}</dd>
                </div>
              )}
              <div>
                <dt>店铺小计</dt>
                <dd className="co-money">{yuan(shop.subtotal)}</dd>
              </div>
            </dl>
          </div>
        ))}
        <p className="co-soft co-rule">{shown.freightRule}</p>
      </section>
      {shown.hazmat && <Shipments hazmat={shown.hazmat} headingId={`${id}-ship`} />}

      <section className="co-card" aria-labelledby={`${id}-coupon`}>
        <header className="co-card-head">
          <h2 id={`${id}-coupon`}>优惠券</h2>
        </header>
        <fieldset className="co-options co-coupons">
          <legend className="visually-hidden">选择优惠券</legend>
          <label className={`co-option${couponId === undefined ? ' is-chosen' : ''}`}>
            <input type="radio" name={`${id}-coupon`} checked={couponId === undefined} onChange={() => chooseCoupon(undefined)} />
            <span className="co-option-body">不使用优惠券</span>
          </label>
          {usable.map((c) => (
            <label key={c.couponId} className={`co-option${couponId === c.couponId ? ' is-chosen' : ''}`}>
              <input type="radio" name={`${id}-coupon`} checked={couponId === c.couponId} onChange={() => chooseCoupon(c.couponId)} />
              <span className="co-option-body">
                <strong>{c.title}</strong>
                <span className="co-save">可省 {yuan(c.reduction)}</span>
                <span className="co-soft">
                  {c.shopName} · {c.description}
                </span>
              </span>
            </label>
          ))}
          {unusable.map((c) => (
            <label key={c.couponId} className="co-option is-disabled">
              <input type="radio" name={`${id}-coupon`} disabled />
              <span className="co-option-body">
                <strong>{c.title}</strong>
                <span className="co-soft">不可用：{c.reason}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {shown.couponDiscount > 0 && <p className="co-save-line">已使用优惠券，为您节省 {yuan(shown.couponDiscount)}</p>}
      </section>

      <section className="co-card" aria-labelledby={`${id}-inv`}>
        <header className="co-card-head">
          <h2 id={`${id}-inv`}>发票信息</h2>
        </header>
        <fieldset className="co-segment">
          <legend className="visually-hidden">发票类型</legend>
          {(['NONE', 'NORMAL', 'VAT_SPECIAL'] as const).map((t) => (
            <label key={t} className={invoiceType === t ? 'ui-chip is-chosen' : 'ui-chip'}>
              <input type="radio" name={`${id}-invtype`} checked={invoiceType === t} onChange={() => chooseInvoiceType(t)} />
              {t === 'NONE' ? '不开发票' : INVOICE_TYPE_LABEL[t]}
            </label>
          ))}
        </fieldset>
        {invoiceType !== 'NONE' && (
          <>
            {titlesOfType.length > 0 && (
              <fieldset className="co-options">
                <legend className="visually-hidden">选择发票抬头</legend>
                {titlesOfType.map((t) => (
                  <div key={t.id} className={`co-option${t.id === invoiceId ? ' is-chosen' : ''}`}>
                    <label>
                      <input type="radio" name={`${id}-title`} checked={t.id === invoiceId} onChange={() => setInvoiceId(t.id)} />
                      <span className="co-option-body">
                        <strong>{t.title}</strong>
                        {t.isDefault === 1 && <span className="co-tag">默认</span>}
                        <span className="co-soft">
                          {TITLE_TYPE_LABEL[t.titleType]}
                          {t.taxNo && ` · 税号 ${t.taxNo}`}
                        </span>
                      </span>
                    </label>
                    {t.isDefault !== 1 && (
                      <button
                        type="button"
                        className="co-link"
                        onClick={() => makeDefault.run(t)}
                        aria-label={`将“${t.title}”设为默认抬头`}
                      >
                        设为默认
                      </button>
                    )}
                  </div>
                ))}
              </fieldset>
            )}
            {titleForm ? (
              <InvoiceTitleForm
                type={invoiceType}
                onCancel={() => setTitleForm(false)}
                onSaved={(saved) => {
                  setTitles((list) => [...list.filter((t) => t.id !== saved.id), saved]);
                  setInvoiceId(saved.id);
                  setTitleForm(false);
                  toast.success('发票抬头已保存');
                }}
              />
            ) : (
              <button type="button" className="btn co-small" onClick={() => setTitleForm(true)}>
                新增发票抬头
              </button>
            )}
          </>
        )}
      </section>

      {shown.company && (
        <CompanyOrderFields company={shown.company} values={companyValues} error={companyError} onChange={setCompanyValues} />
      )}

      <section className="co-card" aria-labelledby={`${id}-remark`}>
        <header className="co-card-head">
          <h2 id={`${id}-remark`}>
            <label htmlFor={`${id}-remark-input`}>订单备注</label>
          </h2>
        </header>
        <textarea
          id={`${id}-remark-input`}
          className="co-remark"
          value={remark}
          maxLength={REMARK_MAX}
          rows={3}
          placeholder="如送货时间、厂区门岗、卸货要求等（选填）"
          onChange={(e) => setRemark(e.target.value.slice(0, REMARK_MAX))}
          aria-describedby={`${id}-remark-count`}
        />
        <p className="co-soft co-count" id={`${id}-remark-count`}>
          {remark.length}/{REMARK_MAX}
        </p>
      </section>

      <section className="co-card co-total" aria-labelledby={`${id}-sum`}>
        <h2 id={`${id}-sum`} className="visually-hidden">
          订单金额
        </h2>
        <dl>
          <div>
            <dt>商品总额（{shown.goodsNum} 件）</dt>
            <dd>{yuan(shown.goodsTotal)}</dd>
          </div>
          {shown.discount > 0 && (
            <div>
              <dt>店铺活动优惠</dt>
              <dd>-{yuan(shown.discount)}</dd>
            </div>
          )}
          {shown.couponDiscount > 0 && (
            <div>
              <dt>优惠券</dt>
              <dd>-{yuan(shown.couponDiscount)}</dd>
            </div>
          )}
          <div>
            <dt>运费</dt>
            <dd>{yuan(shown.freight)}</dd>
          </div>
          <div>
            <dt>钢瓶押金（可退，不计入商品价）</dt>
            <dd>{yuan(shown.deposit)}</dd>
          </div>
          <div className="co-payable">
            <dt>应付总额</dt>
            <dd aria-live="polite" data-payable>
              {yuan(shown.payable)}
            </dd>
          </div>
        </dl>
        {chosenTitle && (
          <p className="co-soft">
            发票：{INVOICE_TYPE_LABEL[chosenTitle.type]} · {chosenTitle.title}
          </p>
        )}
        {notice && (
          <p className="co-notice" role="alert">
            {notice}
          </p>
        )}
        <div className="co-submit">
          <button type="button" className="btn btn-primary co-submit-btn" disabled={!canSubmit} aria-busy={submitting} onClick={submit}>
            {submitting ? '正在提交…' : '提交订单'}
          </button>
        </div>
      </section>
    </div>
  );
}
