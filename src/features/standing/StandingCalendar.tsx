/** A standing order's next 8 weeks as a table (date, cut-off, quantity, state in words, not only colour) with skip, restore and change-quantity for deliveries before their cut-off, and pause, resume and end of the standing order. */
import { useState } from 'react';
import { STANDING_MAX_QTY, standing, type Occurrence, type StandingStatus } from '#src/shared/api/contract/standing.ts';
import { check } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Confirm from '#src/features/member/Confirm.tsx';
import TableHead from '#src/shared/ui/TableHead.tsx';

interface Props {
  id: number;
  no: string;
  status: StandingStatus;
  calendar: Occurrence[];
  /** Cut-off and dates in words, computed on the server (the holiday calendar is not shipped to the browser). */
  texts: Record<string, { delivery: string; cutoff: string }>;
  editUrl: string;
}

export default function StandingCalendar({ id, no, status, calendar, texts, editUrl }: Props) {
  const [changing, setChanging] = useState<Occurrence | null>(null);
  const [qty, setQty] = useState('');
  const [qtyError, setQtyError] = useState('');
  const [ending, setEnding] = useState(false);
  const params = { id: String(id) };

  // Every change reloads the page (the calendar is computed on the server), pending until it is gone.
  const act = useFormAction((call: () => Promise<unknown>, _done: string) => call(), {
    success: (_r, _call, done) => done,
    keepPending: true,
    onSuccess: () => location.reload(),
  });
  const busy = act.pending;
  const run = act.run;
  const occurrence = (date: string, action: 'SKIP' | 'RESTORE', done: string) =>
    run(() => browserApi.call(standing.occurrence, { params, input: { date, action } }), done);

  function confirmChange() {
    const r = check(standing.occurrence.input, { date: changing!.date, action: 'CHANGE', quantity: qty === '' ? undefined : Number(qty) });
    if (!r.ok || r.value.quantity === undefined) return setQtyError((r.ok ? undefined : r.errors.quantity) ?? '请填写数量');
    setQtyError('');
    run(() => browserApi.call(standing.occurrence, { params, input: r.value }), '本次配送数量已修改');
  }

  return (
    <>
      <div className="m-actions so-actions">
        {status !== 'ENDED' && (
          <a className="btn" href={editUrl}>
            修改
          </a>
        )}
        {status === 'ACTIVE' && (
          <button
            type="button"
            className="btn"
            aria-disabled={busy}
            onClick={() => run(() => browserApi.call(standing.pause, { params }), '定期订单已暂停')}
          >
            暂停
          </button>
        )}
        {status === 'PAUSED' && (
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={busy}
            onClick={() => run(() => browserApi.call(standing.resume, { params }), '定期订单已恢复')}
          >
            恢复
          </button>
        )}
        {status !== 'ENDED' && (
          <button type="button" className="btn btn-danger" onClick={() => setEnding(true)}>
            终止
          </button>
        )}
      </div>
      {calendar.length > 0 && (
        <div className="m-table-wrap">
          <table className="m-table so-calendar">
            <caption>未来 8 周配送日历（{no}）</caption>
            <TableHead columns={['送货日', '截单时间', '数量', '状态', '操作']} />
            <tbody>
              {calendar.map((o) => (
                <tr key={o.date} data-date={o.date} data-state={o.state} className={`so-${o.state.toLowerCase()}`}>
                  <td data-label="送货日">
                    {texts[o.date]?.delivery ?? o.deliveryDate}
                    {o.movedFor && (
                      <small className="m-hint">
                        {' '}
                        （{o.movedFor}顺延，原定 {o.date}）
                      </small>
                    )}
                  </td>
                  <td data-label="截单时间">{texts[o.date]?.cutoff ?? ''}</td>
                  <td data-label="数量">{o.state === 'SKIPPED' ? '—' : `${o.quantity} 瓶`}</td>
                  <td data-label="状态">
                    <span className={`m-badge m-tone-${o.state === 'SKIPPED' ? 'muted' : o.state === 'CHANGED' ? 'warn' : 'info'}`}>
                      {o.stateText}
                    </span>
                  </td>
                  <td className="so-row-actions">
                    {o.changeable && status === 'ACTIVE' ? (
                      o.state === 'SKIPPED' ? (
                        <button
                          type="button"
                          className="btn btn-sm"
                          aria-disabled={busy}
                          onClick={() => occurrence(o.date, 'RESTORE', '已恢复该次配送')}
                        >
                          恢复配送<span className="visually-hidden">（{o.deliveryDate}）</span>
                        </button>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="btn btn-sm"
                            aria-disabled={busy}
                            onClick={() => occurrence(o.date, 'SKIP', '已跳过该次配送，不会生成订单')}
                          >
                            跳过<span className="visually-hidden">（{o.deliveryDate}）</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm"
                            onClick={() => {
                              setQty(String(o.quantity));
                              setQtyError('');
                              setChanging(o);
                            }}
                          >
                            改数量<span className="visually-hidden">（{o.deliveryDate}）</span>
                          </button>
                        </>
                      )
                    ) : (
                      <span className="m-hint">{status === 'ACTIVE' ? '已截单' : '—'}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {changing && (
        <Confirm open title="修改本次配送数量" confirmLabel="保存" busy={busy} onConfirm={confirmChange} onClose={() => setChanging(null)}>
          <p className="m-hint">
            送货日 {texts[changing.date]?.delivery ?? changing.deliveryDate}，截单 {texts[changing.date]?.cutoff}。只影响这一次配送。
          </p>
          <div className="m-field">
            <label htmlFor={`so-qty-${id}`}>数量（瓶）</label>
            <input
              id={`so-qty-${id}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={STANDING_MAX_QTY}
              value={qty}
              aria-invalid={Boolean(qtyError)}
              aria-describedby={qtyError ? `so-qty-${id}-error` : undefined}
              onChange={(e) => setQty(e.currentTarget.value)}
            />
            {qtyError && (
              <p className="m-error" id={`so-qty-${id}-error`} role="alert">
                {qtyError}
              </p>
            )}
          </div>
        </Confirm>
      )}
      {ending && (
        <Confirm
          open
          title="终止定期订单"
          confirmLabel="确认终止"
          danger
          busy={busy}
          onConfirm={() => run(() => browserApi.call(standing.end, { params }), '定期订单已终止')}
          onClose={() => setEnding(false)}
        >
          <p className="m-hint">终止后不再生成新的订单，已生成的订单不受影响。如只是暂时不需要，可以选择“暂停”。</p>
        </Confirm>
      )}
    </>
  );
}
