/** Search-box logic: keyword cleaning, suggestion de-duplication, approximate goods counts. */
export { cleanKeyword, searchUrl } from '#src/shared/http/routes.ts';

/** Suggestions wait this long after the last keystroke. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** Approximate count shown beside a suggestion: exact below 100, then rounded down (e.g. 约 1200 件). */
export function approxCount(n: number): string {
  if (n < 100) return `约 ${n} 件`;
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return `约 ${Math.floor(n / magnitude) * magnitude} 件`;
}

/** Keeps only the answer to the latest request: older answers that arrive late are dropped. */
export function latestOnly() {
  let seq = 0;
  return {
    next: () => ++seq,
    isLatest: (id: number) => id === seq,
  };
}

/** Next active index of a listbox for ArrowUp / ArrowDown, wrapping, -1 meaning the input itself. */
export function moveActive(current: number, length: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (length === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= length ? -1 : current + 1;
  return current <= -1 ? length - 1 : current - 1;
}
