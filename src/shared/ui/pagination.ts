/** Page numbers for a pager: first, last, a window around the current page, and gaps. */
export type PageItem = { type: 'page'; n: number; current: boolean } | { type: 'gap'; key: string };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageItems(current: number, pages: number, around = 2): PageItem[] {
  const want = new Set<number>([1, pages]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= pages) want.add(n);
  const sorted = [...want].sort((a, b) => a - b);
  const out: PageItem[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push({ type: 'gap', key: `gap-${n}` });
    out.push({ type: 'page', n, current: n === current });
  });
  return out;
}
