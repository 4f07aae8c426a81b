/** Buys an earlier order again in one click: its lines go into the cart (delisted or sold-out ones are skipped with a note naming them; with quick order on, in one request and with the reason), then the cart opens. */
import { cart } from '#src/shared/api/contract/cart.ts';
import { quick } from '#src/shared/api/contract/quick.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { cartUrl } from '#src/shared/http/routes.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Props {
  sn: string;
  lines: { sku_id: number; num: number; goodsName: string }[];
  /** What the accessible name adds after 再次购买 when there is no order (a certificate's product and grade); default 订单 {sn}. */
  label?: string;
  /** Quick order is on (quick_part): every line goes in one `quick.add` request, and each line refused is named with its reason. */
  oneRequest?: boolean;
}

/** All lines in one request (contract/quick.ts); the names of the refused ones with why (商品已下架, 库存不足 …), none dropped silently. */
async function addAtOnce(lines: Props['lines']): Promise<string[]> {
  const r = await browserApi.call(quick.add, { input: { lines: lines.map((l) => ({ skuId: l.sku_id, qty: l.num })) } });
  return r.failed.map((f) => `${lines.find((l) => l.sku_id === f.skuId)?.goodsName ?? `规格 ${f.skuId}`}（${f.msg}）`);
}

export default function Reorder({ sn, lines, label, oneRequest }: Props) {
  const reorder = useFormAction(
    async () => {
      if (oneRequest) return addAtOnce(lines);
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
  return (
    <button type="button" className="btn btn-primary" aria-disabled={reorder.pending} onClick={() => reorder.run()}>
      {reorder.pending ? '加入中…' : '再次购买'}
      <span className="visually-hidden">{label ?? `订单 ${sn}`}</span>
    </button>
  );
}
