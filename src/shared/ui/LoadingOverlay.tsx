/** The full-screen loading overlay (docs/product.md §7/§9), open while `$loadingOverlay` says so; inside the open modal dialog when there is one. Mount once per page. */
import { useStore } from '@nanostores/react';
import { createPortal } from 'react-dom';
import { $loadingOverlay } from './loading.ts';
import { useTopModal } from './useTopModal.ts';
import '#src/styles/ui.css';

function Overlay() {
  return (
    <div className="ui-loading" aria-busy="true">
      <div className="ui-loading-box">
        <span className="ui-spinner" aria-hidden="true" />
        <span>加载中…</span>
      </div>
    </div>
  );
}

export default function LoadingOverlay() {
  // Hydrated by the event that opens it: the hydrating render is the server's (closed), then the open overlay (no error #418).
  const open = useStore($loadingOverlay, { ssr: () => false });
  // A modal dialog (login, checkout) covers everything outside the top layer, so the overlay goes inside it.
  const modal = useTopModal(open);
  return (
    <>
      {/* Always in the page, so screen readers already watch it when the text arrives. */}
      <p className="visually-hidden" role="status">
        {open && !modal ? '加载中…' : ''}
      </p>
      {open &&
        (modal ? (
          createPortal(
            <>
              <p className="visually-hidden" role="status">
                加载中…
              </p>
              <Overlay />
            </>,
            modal,
          )
        ) : (
          <Overlay />
        ))}
    </>
  );
}
