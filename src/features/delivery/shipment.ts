/**
 * A shipment's life (delivery_part): 已备货 → 已装车 → 运输中 → 已送达 → 已签收, moving forward only (a step may be skipped
 * forward, never back), and what the buyer may still do at each step. The order's own states are untouched by the steps
 * except where they meet (docs/delivery.md "States"): loading the first shipment ships a paid order (SHIPPED), signing the
 * last one receives it (ROG).
 */

export const SHIPMENT_STEPS = ['PREPARED', 'LOADED', 'IN_TRANSIT', 'DELIVERED', 'SIGNED'] as const;
export type ShipmentStep = (typeof SHIPMENT_STEPS)[number];
/** A shipment before its first step is PLANNED (待备货). */
export type ShipmentState = 'PLANNED' | ShipmentStep;
export const SHIPMENT_STATE_LABEL: Record<ShipmentState, string> = {
  PLANNED: '待备货',
  PREPARED: '已备货',
  LOADED: '已装车',
  IN_TRANSIT: '运输中',
  DELIVERED: '已送达',
  SIGNED: '已签收',
};

const rank = (s: ShipmentState): number => (s === 'PLANNED' ? 0 : SHIPMENT_STEPS.indexOf(s) + 1);

/** Whether a shipment in `from` may move to `to`: forward only, skipping steps allowed. */
export const mayAdvance = (from: ShipmentState, to: ShipmentStep): boolean => rank(to) > rank(from);

/** The steps a move from `from` to `to` passes (each gets the move's time on the timeline), or [] when the move goes back. */
export const stepsBetween = (from: ShipmentState, to: ShipmentStep): ShipmentStep[] =>
  mayAdvance(from, to) ? SHIPMENT_STEPS.slice(rank(from), rank(to)) : [];

/** The buyer may change the window or cancel only before the cylinders are on the truck. */
export const changeable = (s: ShipmentState): boolean => rank(s) < rank('LOADED');

/** Why a change is refused once loaded: said to the buyer as it is. */
export const NOT_CHANGEABLE = '货物已装车，无法修改送货时段或取消配送；如需调整请联系客服 400-820-0000';
