/** The order list's tabs and what a member may do with an order, given the view control of docs/product.md §6. */
import type { ViewControl } from '#src/shared/api/contract/site.ts';
import { ORDER_STATUSES, type OrderCounts, type OrderStatus, type OrderSummary } from '#src/shared/api/contract/order.ts';
import { featureShown, viewShown } from '#src/shared/view-control.ts';

/** Tabs of my-order: everything, then the statuses a buyer follows. */
export const ORDER_TABS: { status: OrderStatus | null; label: string }[] = [
  { status: null, label: '全部订单' },
  { status: 'NEW', label: '待付款' },
  { status: 'PAID_OFF', label: '待发货' },
  { status: 'SHIPPED', label: '待收货' },
  { status: 'ROG', label: '已收货' },
  { status: 'COMPLETE', label: '已完成' },
  { status: 'AFTER_SERVICE', label: '售后中' },
  { status: 'CANCELLED', label: '已取消' },
  // Company buying's orders over a limit; shown only while company_part is on (see visibleTabs).
  { status: 'APPROVAL', label: '待审批' },
];

/** The tabs a member sees: 待审批 only while view control has company_part on. */
export const visibleTabs = (views: readonly ViewControl[]) =>
  ORDER_TABS.filter((t) => t.status !== 'APPROVAL' || featureShown(views, 'company_part'));

export const ORDER_PAGE_SIZE = 5;

/** A status from the query, or null (all) for anything else: junk never reaches the API. */
export function statusParam(raw: string | null): OrderStatus | null {
  return (ORDER_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as OrderStatus) : null;
}

export function tabCount(counts: OrderCounts, status: OrderStatus | null): number {
  return status === null ? Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0) : (counts[status] ?? 0);
}

export const myOrderUrl = (status: OrderStatus | null, pageNumber = 1, po = ''): string => {
  const q = new URLSearchParams();
  if (po) q.set('po', po);
  if (status) q.set('status', status);
  if (pageNumber > 1) q.set('pageNumber', String(pageNumber));
  const s = q.toString();
  return s ? `/member/my-order?${s}` : '/member/my-order';
};

export interface OrderAbilities {
  pay: boolean;
  cancel: boolean;
  receive: boolean;
  afterSale: boolean;
}

/** What the order's buttons are: the server's actions, cancel only with cancel_part on, after-sales only with refund_part on, pay only before the deadline. */
export function orderAbilities(
  o: Pick<OrderSummary, 'actions' | 'status' | 'payDeadline'>,
  views: readonly ViewControl[],
  now: number,
): OrderAbilities {
  const can = (a: OrderSummary['actions'][number]) => o.actions.includes(a);
  return {
    pay: can('PAY') && o.status === 'NEW' && o.payDeadline !== null && o.payDeadline > now,
    cancel: can('CANCEL') && viewShown(views, 'cancel_part'),
    receive: can('RECEIVE'),
    afterSale: can('AFTERSALE') && viewShown(views, 'refund_part'),
  };
}

/** Reasons offered when cancelling (the member may also write one). */
export const CANCEL_REASONS = ['信息填写错误，重新下单', '不想买了', '商品规格选错', '配送时间太久', '其他原因'] as const;
