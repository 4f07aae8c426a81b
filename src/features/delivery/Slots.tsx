/** The days and windows to choose from, each window with what is left; a full one is shown struck through and cannot be chosen. */
import { useState } from 'react';
import type { DayOffer, Slot } from '#src/shared/api/contract/delivery.ts';
import './delivery.css';

const WEEKDAY = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const dayLabel = (date: string, weekday: number) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 ${WEEKDAY[weekday]}`;

/** Days shown before 显示更多日期. */
const FIRST_DAYS = 6;

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
  const [all, setAll] = useState(false);
  if (!days.length) return <p className="co-soft">未来两周暂无可预约时段，请联系客服 400-820-0000 安排配送。</p>;
  // The first week at once (a phone shows two columns); the rest on request, or when the choice lies there.
  const chosenAt = days.findIndex((d) => d.date === value?.date);
  const shown = all || chosenAt >= FIRST_DAYS ? days : days.slice(0, FIRST_DAYS);
  return (
    <>
      <div className="dl-days">
        {shown.map((d) => (
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
      {shown.length < days.length && (
        <button type="button" className="co-link" onClick={() => setAll(true)}>
          显示更多日期（共 {days.length} 天可选）
        </button>
      )}
    </>
  );
}
