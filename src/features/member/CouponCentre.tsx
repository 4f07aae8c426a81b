/** The coupon centre (docs/product.md §1 coupons): coupons on offer, each received once with one click. */
import { useState } from 'react';
import { member, type CouponOffer } from '#src/shared/api/contract/member.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Props {
  offers: CouponOffer[];
  /** Formatted validity per coupon id (the server formats dates in China time). */
  validity: Record<number, string>;
}

export default function CouponCentre({ offers, validity }: Props) {
  const [received, setReceived] = useState(() => new Set(offers.filter((o) => o.received).map((o) => o.couponId)));
  // Which coupon is being received (one at a time).
  const [busy, setBusy] = useState<number | null>(null);
  const receive = useFormAction(
    (o: CouponOffer) => (setBusy(o.couponId), browserApi.call(member.receiveCoupon, { input: { couponId: o.couponId } })),
    {
      success: (_, o) => `已领取 ${o.title}`,
      onSuccess: (_, o) => setReceived((s) => new Set(s).add(o.couponId)),
    },
  );
  const pending = receive.pending ? busy : null;

  if (offers.length === 0) return <p className="m-empty">暂时没有可领取的优惠券，敬请期待。</p>;
  return (
    <ul className="m-cards" aria-label="可领取的优惠券">
      {offers.map((o) => {
        const got = received.has(o.couponId);
        return (
          <li key={o.couponId} className={got ? 'm-coupon is-off' : 'm-coupon'} data-coupon={o.couponId}>
            <div className="m-coupon-value">
              <strong>¥{o.reduction}</strong>
              <span>满 {o.threshold} 可用</span>
            </div>
            <div className="m-coupon-body">
              <h3>{o.title}</h3>
              <p>{o.shopName}</p>
              <p>{validity[o.couponId]}</p>
              <div>
                <button
                  type="button"
                  className={got ? 'btn' : 'btn btn-primary'}
                  aria-disabled={got || pending === o.couponId}
                  onClick={() => !got && receive.run(o)}
                >
                  {got ? '已领取' : pending === o.couponId ? '领取中…' : '立即领取'}
                  <span className="visually-hidden">{o.title}</span>
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
