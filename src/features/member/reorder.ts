/** 再次购买's one rule (docs/quick-order.md): what a one-request reorder tells the buyer about the lines the cart refused. */

export interface ReorderLine {
  sku_id: number;
  num: number;
  goodsName: string;
}

export interface Refused {
  name: string;
  reason: string;
}

/** The refused lines in the order's order, each named (its SKU when the order no longer names it) with the cart's reason. */
export function refusedLines(lines: ReorderLine[], failed: { skuId: number; msg: string }[]): Refused[] {
  return failed.map((f) => ({ name: lines.find((l) => l.sku_id === f.skuId)?.goodsName ?? `规格 ${f.skuId}`, reason: f.msg }));
}

/** The status line above the refused ones: how many went in, or that none could. */
export function reorderSummary(added: number, refused: number): string {
  if (added === 0) return '这些商品暂时无法购买';
  return refused ? `已将 ${added} 种商品加入购物车，以下 ${refused} 种未能加入` : `已将 ${added} 种商品加入购物车`;
}

/** What 再次购买 sends of an order: each line's SKU and quantity, with the name it is reported by. */
export const reorderLines = (o: { lines: ReorderLine[] }): ReorderLine[] =>
  o.lines.map((l) => ({ sku_id: l.sku_id, num: l.num, goodsName: l.goodsName }));
