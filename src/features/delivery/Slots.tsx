/** The days and windows to choose from, each window with what is left; a full one is shown struck through and cannot be chosen. */
import type { DayOffer, Slot } from '#src/shared/api/contract/delivery.ts';
import './delivery.css';

const WEEKDAY = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const dayLabel = (date: string, weekday: number) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 ${WEEKDAY[weekday]}`;

export default function Slots({
  days,
  value,
  name,
  onPick,
}: {
  days: DayOffer[];
  value: Slot | null;
  name: string;
  onPick: (s: Slot) => void;
}) {
  if (!days.length) return <p className="co-soft">未来两周暂无可预约时段，请联系客服 400-820-0000 安排配送。</p>;
  return (
    <div className="dl-days">
      {days.map((d) => (
        <fieldset key={d.date} className="dl-day">
          <legend>{dayLabel(d.date, d.weekday)}</legend>
          {d.windows.map((w) => {
            const chosen = value?.date === d.date && value.window === w.window;
            const full = w.left <= 0;
            return (
              <label key={w.window} className={`dl-slot${chosen ? ' is-chosen' : ''}${full ? ' is-full' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  value={`${d.date}|${w.window}`}
                  checked={chosen}
                  disabled={full}
                  onChange={() => onPick({ date: d.date, window: w.window })}
                />
                <span>{w.label}</span>
                <small>{full ? '已约满' : `剩 ${w.left}`}</small>
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
