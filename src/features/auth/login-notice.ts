/** The privacy log of docs/product.md §3: which items were ticked and when (`YYYY-MM-DD HH:mm:ss`, China time). */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
export interface PrivacyLogEntry {
  privacyId: number;
  createDate: string;
}

/** The log of the ticked items; null when one of `all` is not ticked (docs/product.md §5 '请先同意隐私政策！'). */
export function privacyLog(all: readonly number[], ticked: ReadonlySet<number>, now: number): PrivacyLogEntry[] | null {
  if (all.some((id) => !ticked.has(id))) return null;
  const createDate = chinaDateTime(now);
  return all.map((privacyId) => ({ privacyId, createDate }));
}
