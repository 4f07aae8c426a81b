/** Checkout's delivery part (delivery_part): 送货上门 with a day and window from the area's calendar, or 充装站自提 at a station; full windows are shown but cannot be chosen. */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { CheckoutDelivery } from '#src/shared/api/contract/delivery.ts';
import Slots from './Slots.tsx';
import { $deliveryChoice, fitChoice } from './choice.ts';

export default function DeliveryPicker({ delivery }: { delivery: CheckoutDelivery }) {
  const id = useId();
  const choice = useStore($deliveryChoice);
  // Fresh offers (a re-price, a refused stale choice): keep the choice while it is offered, else the earliest free one.
  useEffect(() => $deliveryChoice.set(fitChoice($deliveryChoice.get(), delivery)), [delivery]);
  const station = delivery.stations.find((s) => s.id === choice.stationId);
  const set = (patch: Partial<typeof choice>) => $deliveryChoice.set(fitChoice({ ...choice, ...patch }, delivery));

  return (
    <section className="co-card" aria-labelledby={`${id}-h`} data-delivery-picker>
      <header className="co-card-head">
        <h2 id={`${id}-h`}>配送方式与时间</h2>
      </header>
      <fieldset className="co-segment">
        <legend className="visually-hidden">配送方式</legend>
        <label className={choice.mode === 'DELIVERY' ? 'ui-chip is-chosen' : 'ui-chip'}>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={choice.mode === 'DELIVERY'}
            onChange={() => set({ mode: 'DELIVERY', slot: null })}
          />
          送货上门
        </label>
        {delivery.stations.length > 0 && (
          <label className={choice.mode === 'PICKUP' ? 'ui-chip is-chosen' : 'ui-chip'}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={choice.mode === 'PICKUP'}
              onChange={() => set({ mode: 'PICKUP', stationId: delivery.stations[0]!.id, slot: null })}
            />
            充装站自提
          </label>
        )}
      </fieldset>
      {choice.mode === 'DELIVERY' ? (
        <>
          <p className="co-soft dl-route">{delivery.routeText}</p>
          <Slots days={delivery.days} value={choice.slot} name={`${id}-slot`} onPick={(slot) => set({ slot })} />
        </>
      ) : (
        <>
          <fieldset className="co-options">
            <legend className="co-soft">选择自提站（可充装本订单全部气体）</legend>
            {delivery.stations.map((s) => (
              <label key={s.id} className={`co-option${s.id === choice.stationId ? ' is-chosen' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-station`}
                  checked={s.id === choice.stationId}
                  onChange={() => set({ stationId: s.id, slot: null })}
                />
                <span className="co-option-body">
                  <strong>{s.name}</strong>
                  <span className="co-soft">
                    {s.address} · {s.phone}
                  </span>
                  <span className="co-soft">
                    {s.hours} · 充装：{s.fills.join('、')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {station && <Slots days={station.days} value={choice.slot} name={`${id}-pslot`} onPick={(slot) => set({ slot })} />}
          <p className="co-soft">提货时请出示订单详情中的提货码；剧毒、易制爆等管控气体须由许可证所列人员凭证件提货。</p>
        </>
      )}
    </section>
  );
}
