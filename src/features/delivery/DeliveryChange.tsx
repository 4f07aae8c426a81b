/** On the order detail (delivery_part): change the delivery window or cancel, offered only before the cylinders are loaded. */
import { useState } from 'react';
import { delivery, type DayOffer, type Slot } from '#src/shared/api/contract/delivery.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Slots from './Slots.tsx';

interface Props {
  sn: string;
  days: DayOffer[];
  current: Slot;
  /** Cancelling is offered while the order has not shipped. */
  cancel: boolean;
}

export default function DeliveryChange({ sn, days, current, cancel }: Props) {
  const [open, setOpen] = useState<'window' | 'cancel' | null>(null);
  const [slot, setSlot] = useState<Slot>(current);
  const act = useFormAction((call: () => Promise<unknown>, _done: string) => call(), {
    success: (_, _call, done) => done,
    refusalInForm: true,
    reloadAfter: 800,
  });
  const same = slot.date === current.date && slot.window === current.window;

  return (
    <div className="dl-change" data-delivery-change>
      <div className="m-actions u-justify-content-flex-start">
        <button
          type="button"
          className="btn"
          aria-expanded={open === 'window'}
          onClick={() => setOpen(open === 'window' ? null : 'window')}
        >
          修改送货时段
        </button>
        {cancel && (
          <button
            type="button"
            className="btn btn-danger"
            aria-expanded={open === 'cancel'}
            onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}
          >
            取消配送
          </button>
        )}
      </div>
      {open === 'window' && (
        <div className="u-margin-top-12px">
          <Slots days={days} value={slot} name={`${sn}-slot`} onPick={setSlot} />
          <button
            type="button"
            className="btn btn-primary u-margin-top-12px"
            disabled={act.pending || same}
            onClick={() => act.run(() => browserApi.call(delivery.changeWindow, { params: { sn }, input: slot }), '送货时段已修改')}
          >
            确认修改
          </button>
        </div>
      )}
      {open === 'cancel' && (
        <div className="u-margin-top-12px">
          <p className="m-hint">货物装车前可取消配送，订单随之取消；已付款的订单款项原路退回。</p>
          <button
            type="button"
            className="btn btn-danger"
            disabled={act.pending}
            onClick={() =>
              act.run(() => browserApi.call(delivery.cancel, { params: { sn }, input: { reason: '不再需要配送' } }), '配送已取消')
            }
          >
            确认取消配送
          </button>
        </div>
      )}
      {act.errors.form && (
        <p className="m-error" role="alert">
          {act.errors.form}
        </p>
      )}
    </div>
  );
}
