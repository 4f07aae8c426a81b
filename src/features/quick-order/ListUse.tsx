/** A purchase list in use: its lines as they resolve today (a goods no longer sold shown, not dropped), quantities changed on the way, and the valid lines into the cart in one request. */
import { useState } from 'react';
import { quick, type ResolvedLine } from '#src/shared/api/contract/quick.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { $cartCount } from '#src/features/cart/cart-count.ts';
import { addableLines, problemRows, type PadRow } from './pad.ts';
import QuickLines from './QuickLines.tsx';
import './quick.css';

interface Props {
  lines: ResolvedLine[];
  /** Where the list is deleted from, for those who edit it; absent for the others. */
  deletable?: { id: number; name: string };
}

export default function ListUse({ lines, deletable }: Props) {
  const [rows, setRows] = useState<PadRow[]>(() => lines.map((r, i) => ({ lineNo: i + 1, code: r.code, qty: r.qty, resolved: r })));
  const line = useFormAction(
    async (_index: number, code: string, qty: number) =>
      (await browserApi.call(quick.resolve, { input: { lines: [{ code, qty }] } })).lines[0]!,
    {
      onSuccess: (r, index, _code, qty) =>
        setRows((all) => all.map((x, i) => (i === index ? { ...x, code: r.code, qty, resolved: r } : x))),
    },
  );
  const add = useFormAction(() => browserApi.call(quick.add, { input: { lines: addableLines(rows) } }), {
    success: (r) =>
      r.failed.length
        ? `已加入 ${r.added} 种，${r.failed.length} 种未能加入：${r.failed.map((f) => f.msg).join('；')}`
        : `已加入购物车 ${r.added} 种商品`,
    onSuccess: (r) => $cartCount.set(r.cartNum),
  });
  const del = useFormAction(() => browserApi.call(quick.deleteList, { input: { id: deletable!.id } }), {
    success: '清单已删除',
    keepPending: true,
    onSuccess: () => location.assign('/member/my-lists'),
  });
  const ready = addableLines(rows);
  const busy = line.pending || add.pending || del.pending;
  const codeOf = (r: PadRow) => String(r.resolved?.sku?.skuId ?? r.code);
  return (
    <div className="qo">
      {problemRows(rows) > 0 && <p className="m-hint">有 {problemRows(rows)} 种商品暂时无法购买，已在下方标出，其余可照常加入购物车。</p>}
      <QuickLines
        rows={rows}
        busy={busy}
        onChoose={(i, skuId) => line.run(i, String(skuId), rows[i]!.qty)}
        onQty={(i, qty) => line.run(i, codeOf(rows[i]!), qty)}
      />
      <div className="qo-actions">
        <button type="button" className="btn btn-primary" aria-disabled={busy || !ready.length} onClick={() => ready.length && add.run()}>
          {add.pending ? '加入中…' : `将 ${ready.length} 种商品加入购物车`}
        </button>
        <a className="btn" href="/shopping-cart">
          去购物车
        </a>
        {deletable && (
          <button
            type="button"
            className="btn"
            aria-disabled={busy}
            onClick={() => confirm(`删除清单「${deletable.name}」？`) && del.run()}
          >
            删除清单
          </button>
        )}
      </div>
    </div>
  );
}
