/**
 * Buys an earlier order again in one click (my-toolkit, and with quick order on the order list and detail): its lines go into
 * the cart. With quick order on, in one request; the lines the cart refused stay listed with the reason beside a 去购物车
 * link (all added: the cart opens). Without it, line by line, the refused ones named in a toast, then the cart opens.
 */
import { cart } from '#src/shared/api/contract/cart.ts';
import { quick } from '#src/shared/api/contract/quick.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { useState } from 'react';
import { cartUrl } from '#src/shared/http/routes.ts';
import { type Refused, type ReorderLine, refusedLines, reorderSummary } from './reorder.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Props {
  sn: string;
  lines: ReorderLine[];
  /** What the accessible name adds after 再次购买 when there is no order (a certificate's product and grade); default 订单 {sn}. */
  label?: string;
  /** Quick order is on (quick_part): every line goes in one `quick.add` request, and each line refused is named with its reason. */
  oneRequest?: boolean;
}

function ReorderButton({ pending, run, name }: { pending: boolean; run: () => void; name: string }) {
  return (
    <button type="button" className="btn btn-primary" aria-disabled={pending} onClick={() => run()}>
      {pending ? '加入中…' : '再次购买'}
      <span className="visually-hidden">{name}</span>
    </button>
  );
}

interface Outcome {
  added: number;
  refused: Refused[];
}

/** All lines in one request (contract/quick.ts); the refused ones with why (商品已下架, 需许可证 …), none dropped silently. */
async function addAtOnce(lines: ReorderLine[]): Promise<Outcome> {
  const r = await browserApi.call(quick.add, { input: { lines: lines.map((l) => ({ skuId: l.sku_id, qty: l.num })) } });
  return { added: r.added, refused: refusedLines(lines, r.failed) };
}

/** The one-request reorder: the button, then what went in and each refused line with its reason, and 去购物车. */
function ReorderAtOnce({ sn, lines, label }: Props) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reorder = useFormAction(() => addAtOnce(lines), {
    onSuccess: (o) => (o.refused.length ? setOutcome(o) : location.assign(cartUrl())),
    // Pending until the cart page opens when every line went in.
    keepPending: (o) => o.refused.length === 0,
  });
  return (
    <>
      <ReorderButton pending={reorder.pending} run={reorder.run} name={label ?? `订单 ${sn}`} />
      <div className="m-reorder" role="status" data-reorder={sn} hidden={!outcome}>
        {outcome && (
          <>
            <p>{reorderSummary(outcome.added, outcome.refused.length)}</p>
            <ul>
              {outcome.refused.map((r) => (
                <li key={r.name} data-refused>
                  {r.name}：<span className="m-reorder-why">{r.reason}</span>
                </li>
              ))}
            </ul>
            {outcome.added > 0 && (
              <a className="btn btn-primary" href={cartUrl()}>
                去购物车
              </a>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** Without quick order: line by line through the cart's own add, the refused ones named in a toast, then the cart opens. */
function ReorderLineByLine({ sn, lines, label }: Props) {
  const reorder = useFormAction(
    async () => {
      const skipped: string[] = [];
      for (const l of lines) {
        try {
          await browserApi.call(cart.add, { input: { sku_id: l.sku_id, num: l.num, way: 'CART' } });
        } catch (e) {
          // A business refusal (delisted, no stock) skips that line; anything else stops.
          if (e instanceof ApiError && e.kind === 'business' && e.status !== 401) skipped.push(l.goodsName);
          else throw e;
        }
      }
      return skipped;
    },
    {
      success: (skipped) =>
        skipped.length === lines.length ? undefined : skipped.length ? `已加入购物车，${skipped.join('、')} 暂时无法购买` : '已加入购物车',
      onSuccess: (skipped) => {
        if (skipped.length === lines.length) toast.error('这些商品暂时无法购买');
        else setTimeout(() => location.assign(cartUrl()), 400);
      },
      // Pending until the cart page opens, unless nothing could be added.
      keepPending: (skipped) => skipped.length < lines.length,
    },
  );
  return <ReorderButton pending={reorder.pending} run={reorder.run} name={label ?? `订单 ${sn}`} />;
}

export default function Reorder(props: Props) {
  return props.oneRequest ? <ReorderAtOnce {...props} /> : <ReorderLineByLine {...props} />;
}
