/** The checkout's delivery choice (delivery_part): how, when and where, kept in a store so the confirm form reads it at submit. */
import { atom } from 'nanostores';
import type { CheckoutDelivery, DayOffer, DeliveryMode, Slot } from '#src/shared/api/contract/delivery.ts';

export interface DeliveryChoice {
  mode: DeliveryMode;
  slot: Slot | null;
  stationId: number | null;
}
export const $deliveryChoice = atom<DeliveryChoice>({ mode: 'DELIVERY', slot: null, stationId: null });

const offered = (days: readonly DayOffer[], s: Slot | null) =>
  s !== null && days.some((d) => d.date === s.date && d.windows.some((w) => w.window === s.window && w.left > 0));

/**
 * The choice kept valid against fresh offers (after a re-price, or a window filled meanwhile): a slot still offered stays,
 * otherwise the earliest free one is chosen; a station that no longer fills the goods falls back to delivery.
 */
export function fitChoice(c: DeliveryChoice, d: CheckoutDelivery): DeliveryChoice {
  if (c.mode === 'PICKUP') {
    const st = d.stations.find((s) => s.id === c.stationId);
    if (st) return { ...c, slot: offered(st.days, c.slot) ? c.slot : st.preselected };
  }
  return { mode: 'DELIVERY', stationId: null, slot: offered(d.days, c.slot) ? c.slot : d.preselected };
}

/** The create input's delivery fields for a choice. */
export function deliveryInput(c: DeliveryChoice) {
  return {
    deliveryMode: c.mode,
    deliveryDate: c.slot?.date,
    deliveryWindow: c.slot?.window,
    stationId: c.mode === 'PICKUP' ? (c.stationId ?? undefined) : undefined,
  };
}
