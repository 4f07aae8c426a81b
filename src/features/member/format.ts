/** How the member centre writes dates, status tones and user data: China time, calm colours per status. */
import { chinaDay, chinaMinute } from '#src/shared/formats/china-time.ts';
import type { OrderStatus } from '#src/shared/api/contract/order.ts';

/** 2026-03-18 (China time) from epoch milliseconds. */
export const formatDate = chinaDay;

/** 2026-03-18 14:05 (China time) from epoch milliseconds. */
export const formatDateTime = chinaMinute;

/** The API gives birthdays in seconds (docs/product.md §3); the page shows a date, or 未填写. */
export const formatBirthday = (seconds: number | null): string => (seconds === null ? '未填写' : formatDate(seconds * 1000));

/** Colour family of a status badge: waiting on the member, in progress, done, closed. */
export type Tone = 'warn' | 'info' | 'ok' | 'muted' | 'danger';

export const ORDER_TONE: Record<OrderStatus, Tone> = {
  NEW: 'warn',
  INTODB_ERROR: 'danger',
  CONFIRM: 'info',
  PAID_OFF: 'info',
  SHIPPED: 'info',
  ROG: 'ok',
  COMPLETE: 'ok',
  CANCELLED: 'muted',
  AFTER_SERVICE: 'warn',
  APPROVAL: 'warn',
};

/** A name's first character for the avatar badge. */
export const initial = (name: string): string => Array.from(name.trim())[0] ?? '会';
