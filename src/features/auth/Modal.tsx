/** A modal dialog on the native <dialog>: focus is trapped by the browser, Esc closes it, focus returns to where it was. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for long texts (agreements, privacy). */
  wide?: boolean;
  /** A label for the dialog's own test hooks and styles, e.g. 'login'. */
  name: string;
}

export default function Modal({ open, title, onClose, children, wide = false, name }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected) returnTo.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`auth-modal${wide ? ' wide' : ''}`}
      aria-labelledby={titleId}
      data-dialog={name}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="auth-modal-body">
          <header className="auth-modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="auth-close" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}
