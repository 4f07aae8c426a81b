/** When a cylinder pick-up may be booked: from tomorrow to 14 days ahead (China calendar days), the one rule the return form's date picker and the server's check both apply. */
import { dateOfDay, dayNumber, dayOfDate } from './rent.ts';

/** How far ahead a pick-up may be booked (the supplier's logistics plan two weeks of rounds). */
export const PICKUP_MAX_DAYS = 14;

/** The server's message for a date outside the window (contract/cylinders.ts requestReturn). */
export const PICKUP_WINDOW_MESSAGE = `取件日期须在明天到 ${PICKUP_MAX_DAYS} 天内`;

/** The first and last YYYY-MM-DD a pick-up may be booked on, seen at `now`. */
export function pickupWindow(now: number): { min: string; max: string } {
  const today = dayNumber(now);
  return { min: dateOfDay(today + 1), max: dateOfDay(today + PICKUP_MAX_DAYS) };
}

/** Whether `date` (YYYY-MM-DD) is a real calendar date inside the window seen at `now`. */
export function inPickupWindow(date: string, now: number): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const day = dayOfDate(date);
  const today = dayNumber(now);
  return day >= today + 1 && day <= today + PICKUP_MAX_DAYS && dateOfDay(day) === date;
}
