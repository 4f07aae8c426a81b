/**
 * China time, the one place the shop and the sandbox turn instants into the dates and clock times the supplier writes.
 *
 * China has one time zone, China Standard Time, UTC+8, without daylight saving since 1991 (the State Council ended the
 * 1986–1991 summer time; IANA tz database zone Asia/Shanghai). So a fixed offset is exact for every instant the shop handles,
 * and the helpers below need no time-zone data in the browser or on the server, whatever zone the machine runs in.
 */

/** UTC+8 in milliseconds, and as ISO 8601 writes it. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const CHINA_ISO_OFFSET = '+08:00';
export const DAY_MS = 86_400_000;

/** A Date whose UTC fields (getUTCFullYear, getUTCHours, ...) read China's wall clock at `ms`. */
export const chinaWallClock = (ms: number): Date => new Date(ms + CHINA_OFFSET_MS);

/** `YYYY-MM-DD HH:mm:ss.sssZ` of China's wall clock at `ms` (the Z is not meaningful: slice it). */
const iso = (ms: number): string => chinaWallClock(ms).toISOString();

/** The China calendar day of an instant, `YYYY-MM-DD`. */
export const chinaDay = (ms: number): string => iso(ms).slice(0, 10);
/** The China calendar month of an instant, `YYYY-MM`. */
export const chinaMonth = (ms: number): string => iso(ms).slice(0, 7);
/** `YYYY-MM-DD HH:mm` in China time. */
export const chinaMinute = (ms: number): string => iso(ms).slice(0, 16).replace('T', ' ');
/** `YYYY-MM-DD HH:mm:ss` in China time, as the back office writes times. */
export const chinaDateTime = (ms: number): string => iso(ms).slice(0, 19).replace('T', ' ');

/** The China calendar day of an instant as a day number (days since 1970-01-01), so differences are whole days. */
export const chinaDayNumber = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
/** 00:00 China time of a `YYYY-MM-DD` day, epoch ms. */
export const chinaDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;
/** The last millisecond of the China calendar day holding `ms`. */
export const chinaDayEnd = (ms: number): number => (chinaDayNumber(ms) + 1) * DAY_MS - 1 - CHINA_OFFSET_MS;
/** Epoch ms of a China-time clock hour on a `YYYY-MM-DD` day. */
export const chinaHourOn = (day: string, hour: number): number => chinaDayStart(day) + hour * 3_600_000;
/** Epoch ms of China's wall clock `y-m-d h:mi` (month 1–12; out-of-range fields roll over as Date.UTC's do). */
export const chinaInstant = (y: number, month: number, d = 1, h = 0, mi = 0): number => Date.UTC(y, month - 1, d, h, mi) - CHINA_OFFSET_MS;
/** A back-office time `YYYY-MM-DD HH:mm:ss` (China time) as ISO 8601 with its offset. */
export const chinaIso = (time: string): string => `${time.replace(' ', 'T')}${CHINA_ISO_OFFSET}`;
