/** Shows the toast queue of `$toasts` in a polite live region (errors are alerts), inside the open modal dialog when there is one. Mount once per page. */
import { useStore } from '@nanostores/react';
import type { FocusEvent } from 'react';
import { createPortal } from 'react-dom';
import { $toasts, dismissToast, pauseToasts, resumeToasts, type Toast, type ToastKind } from './toast.ts';
import { useTopModal } from './useTopModal.ts';
import '#src/styles/ui.css';

/** What the server rendered: no toast. An island hydrated by the first toast's event renders this first, as hydration must. */
const NO_TOASTS: Toast[] = [];

const ICON: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i' };

function leaveFocus(e: FocusEvent<HTMLDivElement>) {
  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resumeToasts();
}

function Region({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <div
      className="ui-toaster"
      aria-live="polite"
      onPointerEnter={pauseToasts}
      onPointerLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={leaveFocus}
    >
      {toasts.map((t) => (
        <div key={t.id} className={`ui-toast ui-toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : undefined}>
          <span className="ui-toast-icon" aria-hidden="true">
            {ICON[t.kind]}
          </span>
          <span className="ui-toast-text">{t.text}</span>
          <button type="button" className="ui-toast-close" aria-label="关闭提示" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export default function Toaster() {
  // Hydrated by the first toast's event, when the store already holds it: the hydrating render must be the server's (empty)
  // region, or React throws the server HTML away (error #418); the toast follows in the next render.
  const toasts = useStore($toasts, { ssr: () => NO_TOASTS });
  // Outside an open modal dialog a toast would sit under its backdrop, unseen and inert (e.g. a failed login's msg).
  const modal = useTopModal(toasts.length > 0);
  return (
    <>
      {/* The page's region stays mounted, so screen readers already watch it when the first toast arrives. */}
      <Region toasts={modal ? [] : toasts} />
      {modal && createPortal(<Region toasts={toasts} />, modal)}
    </>
  );
}
