/**
 * Messages a page leaves for the next one (登录成功, 退出成功!, 已加入购物车 after a sign-in ...): kept in sessionStorage under
 * FLASH_KEY and shown once as toasts by the next page's chrome (chrome-intent.ts).
 */
import type { Toast, ToastKind } from './toast.ts';

export const FLASH_KEY = 'flash';

export interface FlashItem {
  kind: ToastKind;
  text: string;
}

const KINDS: readonly string[] = ['success', 'error', 'info'] satisfies ToastKind[];

/** The stored value: a single success is its plain text (what most pages leave); anything else a JSON list. */
export function encodeFlash(items: readonly FlashItem[]): string {
  if (items.length === 1 && items[0]!.kind === 'success') return items[0]!.text;
  return JSON.stringify(items.map(({ kind, text }) => ({ kind, text })));
}

/** The messages of a stored value: a list as written by encodeFlash, anything else one success (a page's plain text). */
export function decodeFlash(raw: string | null): FlashItem[] {
  if (!raw) return [];
  let list: unknown = null;
  if (raw.startsWith('[')) {
    try {
      list = JSON.parse(raw);
    } catch {
      // A plain text that happens to start with a bracket.
    }
  }
  if (!Array.isArray(list)) return [{ kind: 'success', text: raw }];
  return list.filter(
    (x): x is FlashItem =>
      typeof x === 'object' &&
      x !== null &&
      KINDS.includes((x as FlashItem).kind) &&
      typeof (x as FlashItem).text === 'string' &&
      (x as FlashItem).text !== '',
  );
}

/** The toasts on screen now that were not on screen before: what the page said meanwhile, to carry to the next page. */
export const toastsSince = (before: readonly Toast[], now: readonly Toast[]): FlashItem[] =>
  now.filter((t) => !before.some((b) => b.id === t.id)).map(({ kind, text }) => ({ kind, text }));

/** Leaves messages for the next page; storage blocked, they are lost (the page itself is not). */
export function leaveFlash(items: readonly FlashItem[]): void {
  try {
    sessionStorage.setItem(FLASH_KEY, encodeFlash(items));
  } catch {
    // Private modes without storage: the next page shows no message.
  }
}

/** Takes the messages the previous page left (once). */
export function takeFlash(): FlashItem[] {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return decodeFlash(raw);
  } catch {
    return [];
  }
}
