/** How an on-demand page answers a failed call: outage -> the 503 page, missing -> 404, anything else is a bug (500). */
import { ApiError, isOutage } from './errors.ts';

export type PageFailure = 'outage' | 'not-found';

export function pageFailure(e: unknown): PageFailure {
  if (isOutage(e)) return 'outage';
  if (e instanceof ApiError && e.kind === 'business' && e.status === 404) return 'not-found';
  throw e;
}

/** A positive page number from the query, else 1. */
export function pageParam(value: string | null, max = 10000): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : 1;
}
