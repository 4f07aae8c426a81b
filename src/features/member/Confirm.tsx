/** A modal confirmation on the native <dialog> (focus stays inside, Esc closes, focus returns to the opener). */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export default function Confirm({ open, title, children, confirmLabel, busy = false, danger = false, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="m-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="m-form-actions u-margin-top-20px u-justify-content-flex-end">
        <button type="button" className="btn" onClick={onClose}>
          取消
        </button>
        <button
          type="button"
          className={danger ? 'btn btn-danger' : 'btn btn-primary'}
          aria-disabled={busy}
          onClick={() => !busy && onConfirm()}
        >
          {busy ? '提交中…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
