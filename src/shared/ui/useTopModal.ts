/** The modal dialog on top, if any: toasts and the loading overlay render into it, since a modal dialog sits in the top layer and makes the rest of the page inert. */
import { useEffect, useReducer } from 'react';

function topModal(): HTMLDialogElement | null {
  if (typeof document === 'undefined') return null;
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  for (let i = open.length - 1; i >= 0; i--) if (isModal(open[i]!)) return open[i]!;
  return null;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    // Browsers without :modal (before 2022): the shop opens its dialogs with showModal() only.
    return true;
  }
}

/** While `active`, follows dialogs opening and closing and returns the top modal one (null when none). */
export function useTopModal(active: boolean): HTMLDialogElement | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!active) return;
    // showModal() and close() toggle the `open` attribute; nothing else announces them.
    const observer = new MutationObserver(rerender);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [active]);
  // Read during render so the first frame already lands in the right place (no flash behind the backdrop).
  return active ? topModal() : null;
}
