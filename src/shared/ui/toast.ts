/** Toast messages (docs/product.md §8: 登录成功, 退出成功!, server msgs ...): a short queue that the Toaster island renders. */
import { atom } from 'nanostores';
import { TOAST_EVENT } from '#src/boot/chrome-rules.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 3000;
/** Toasts visible at once; a new one pushes out the oldest. */
export const TOAST_MAX_VISIBLE = 3;

export const $toasts = atom<Toast[]>([]);
// The Toaster hydrates the first time there is something to show (client:event): whoever shows a toast wakes it, whether or
// not the page's lazily loaded chrome has run yet (docs/light-pages.md).
$toasts.listen((list) => {
  if (list.length > 0 && typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
});

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;
let paused = false;

function arm(id: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
}

function show(kind: ToastKind, text: string): number {
  const list = $toasts.get();
  // The same message twice in a row (a double click, two failed calls) shows once, with its time restarted.
  const same = list.find((t) => t.kind === kind && t.text === text);
  if (same) {
    if (!paused) arm(same.id);
    return same.id;
  }
  const item: Toast = { id: nextId++, kind, text };
  const next = [...list, item];
  while (next.length > TOAST_MAX_VISIBLE) {
    const dropped = next.shift()!;
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  $toasts.set(next);
  if (!paused) arm(item.id);
  return item.id;
}

/** Removes one toast (its close button, or its time ran out). */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const list = $toasts.get();
  if (!list.some((t) => t.id === id)) return;
  const rest = list.filter((t) => t.id !== id);
  // Closing the last toast by hand leaves the pointer over an empty region that may never report leaving it.
  if (rest.length === 0) paused = false;
  $toasts.set(rest);
}

/** Stops the clocks while the pointer or focus is on the toasts, so a message being read does not vanish (WCAG 2.2.1). */
export function pauseToasts(): void {
  paused = true;
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
}

/** Restarts every visible toast with its full time. */
export function resumeToasts(): void {
  paused = false;
  for (const t of $toasts.get()) arm(t.id);
}

/** Removes every toast and timer (page change, tests). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  paused = false;
  $toasts.set([]);
}

/** Shows a message; each returns the toast's id. */
export const toast = {
  success: (text: string): number => show('success', text),
  error: (text: string): number => show('error', text),
  info: (text: string): number => show('info', text),
};
