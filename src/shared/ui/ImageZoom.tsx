/** Goods image viewer (docs/product.md §2): thumbnails, a main image with a magnifying lens (scale 2.5) and rotation, and a large-image dialog. */
import { useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import {
  DEFAULT_ZOOM_SCALE,
  DIALOG_ZOOM,
  LENS_KEY_STEP,
  lensAt,
  magnifiedOffset,
  moveLensCentre,
  nextScale,
  rotateBy,
  type Lens,
  type Point,
  type Size,
} from './zoom.ts';
import '#src/styles/ui.css';

interface Props {
  /** Image URLs, the first shown first. */
  images: readonly string[];
  /** What the images show (the goods name); every image's alt text derives from it. */
  alt: string;
  /** Magnification of the lens view. */
  scale?: number;
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export default function ImageZoom({ images, alt, scale = DEFAULT_ZOOM_SCALE }: Props) {
  const [index, setIndex] = useState(0);
  const [rotation, setRotation] = useState(0);
  const [lens, setLens] = useState<Lens | null>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [dialogScale, setDialogScale] = useState(1);
  const centre = useRef<Point>({ x: 0, y: 0 });
  const mainRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dialogBodyRef = useRef<HTMLDivElement>(null);

  const src = images[index] ?? images[0];
  // No style attribute until something changes: the CSP blocks inline style attributes in the server's HTML (React sets them through the DOM later, which it allows).
  const turn: CSSProperties | undefined = rotation ? { transform: `rotate(${rotation}deg)` } : undefined;

  function showLens(at: Point, size: Size) {
    const l = lensAt(at, size, scale);
    centre.current = { x: l.left + l.width / 2, y: l.top + l.height / 2 };
    setBox(size);
    setLens(l);
  }
  function measure(): Size {
    const rect = mainRef.current!.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  }
  function onPointer(e: PointerEvent<HTMLButtonElement>) {
    // Touch has no hover: a tap opens the dialog instead.
    if (e.pointerType !== 'mouse') return;
    const rect = e.currentTarget.getBoundingClientRect();
    showLens({ x: e.clientX - rect.left, y: e.clientY - rect.top }, { width: rect.width, height: rect.height });
  }
  function onKey(e: KeyboardEvent<HTMLButtonElement>) {
    const arrow = ARROWS[e.key];
    if (!arrow) return;
    e.preventDefault();
    const size = measure();
    const from = lens ? centre.current : { x: size.width / 2, y: size.height / 2 };
    showLens(moveLensCentre(from, arrow[0] * LENS_KEY_STEP, arrow[1] * LENS_KEY_STEP, size, scale), size);
  }
  function choose(i: number) {
    if (i === index) return;
    setIndex(i);
    setRotation(0);
  }
  function openDialog() {
    setLens(null);
    setDialogScale(1);
    dialogRef.current?.showModal();
    // Starts on the picture rather than the first toolbar button, so arrow keys pan it straight away.
    dialogBodyRef.current?.focus();
  }

  // Keeps the middle of the picture in view when the dialog zooms.
  useLayoutEffect(() => {
    const body = dialogBodyRef.current;
    if (!body) return;
    body.scrollLeft = (body.scrollWidth - body.clientWidth) / 2;
    body.scrollTop = (body.scrollHeight - body.clientHeight) / 2;
  }, [dialogScale, rotation]);

  if (!src) {
    return (
      <div className="ui-zoom">
        <div className="ui-zoom-empty">暂无图片</div>
      </div>
    );
  }

  const offset = lens ? magnifiedOffset(lens, scale) : { x: 0, y: 0 };
  const stageStyle = dialogScale === 1 ? undefined : ({ '--ui-zoom-scale': dialogScale } as CSSProperties);

  return (
    <div className="ui-zoom">
      <div className="ui-zoom-stage">
        <button
          ref={mainRef}
          type="button"
          className="ui-zoom-main"
          aria-haspopup="dialog"
          aria-label={`查看大图：${alt}`}
          onPointerEnter={onPointer}
          onPointerMove={onPointer}
          onPointerLeave={() => setLens(null)}
          onFocus={(e) => {
            if (!e.currentTarget.matches(':focus-visible')) return;
            const size = measure();
            showLens({ x: size.width / 2, y: size.height / 2 }, size);
          }}
          onBlur={() => setLens(null)}
          onKeyDown={onKey}
          onClick={openDialog}
        >
          <img src={src} alt={alt} style={turn} draggable={false} />
          {lens && (
            <span
              className="ui-zoom-lens"
              style={{ left: lens.left, top: lens.top, width: lens.width, height: lens.height }}
              aria-hidden="true"
            />
          )}
        </button>
        {lens && (
          <div className="ui-zoom-view" aria-hidden="true">
            <div
              className="ui-zoom-copy"
              style={{ width: box.width * scale, height: box.height * scale, transform: `translate(${offset.x}px, ${offset.y}px)` }}
            >
              <img src={src} alt="" style={turn} />
            </div>
          </div>
        )}
        <button type="button" className="ui-zoom-rotate" onClick={() => setRotation((r) => rotateBy(r))}>
          <span aria-hidden="true">⟳</span> 旋转
        </button>
      </div>

      {images.length > 1 && (
        <ul className="ui-zoom-thumbs" aria-label="商品图片">
          {images.map((thumb, i) => (
            <li key={`${i}-${thumb}`}>
              <button
                type="button"
                aria-label={`第 ${i + 1} 张图片`}
                aria-current={i === index}
                onClick={() => choose(i)}
                onPointerEnter={() => choose(i)}
              >
                <img src={thumb} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <dialog
        ref={dialogRef}
        className="ui-zoom-dialog"
        aria-label={`${alt}（大图）`}
        // Browsers return focus on close, but Safari not to a button that was clicked; this makes it certain.
        onClose={() => mainRef.current?.focus()}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        <div className="ui-zoom-toolbar">
          <span className="ui-zoom-title">{alt}</span>
          <button
            type="button"
            onClick={() => setDialogScale((s) => nextScale(s, -1))}
            aria-disabled={dialogScale <= DIALOG_ZOOM.min}
            aria-label="缩小"
          >
            －
          </button>
          <output className="ui-zoom-level" aria-live="polite">
            {Math.round(dialogScale * 100)}%
          </output>
          <button
            type="button"
            onClick={() => setDialogScale((s) => nextScale(s, 1))}
            aria-disabled={dialogScale >= DIALOG_ZOOM.max}
            aria-label="放大"
          >
            ＋
          </button>
          <button type="button" onClick={() => setRotation((r) => rotateBy(r))}>
            <span aria-hidden="true">⟳</span> 旋转
          </button>
          <button type="button" className="ui-zoom-close" onClick={() => dialogRef.current?.close()} aria-label="关闭大图">
            ×
          </button>
        </div>
        <div ref={dialogBodyRef} className="ui-zoom-dialog-body" tabIndex={0} aria-label="大图区域，可用方向键滚动">
          <div className="ui-zoom-dialog-stage" style={stageStyle}>
            <img src={src} alt={alt} style={turn} />
          </div>
        </div>
      </dialog>
    </div>
  );
}
