/** Geometry of the goods image zoom (docs/product.md §2, §9 default scale 2.5): the lens over the image, the magnified copy's offset, rotation and dialog zoom steps. */

/** docs/product.md §9: image zoom default scale. */
export const DEFAULT_ZOOM_SCALE = 2.5;
/** Zoom range and step of the large-image dialog. */
export const DIALOG_ZOOM = { min: 1, max: 4, step: 0.5 } as const;
/** Pixels the lens moves per arrow key press. */
export const LENS_KEY_STEP = 20;

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The lens rectangle inside the image box, in px from its top left corner. */
export interface Lens {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

/** The lens covers 1/scale of the box, centred on `at` but never leaving the box. */
export function lensAt(at: Point, box: Size, scale: number = DEFAULT_ZOOM_SCALE): Lens {
  const s = Math.max(1, scale);
  const width = box.width / s;
  const height = box.height / s;
  return {
    left: clamp(at.x - width / 2, 0, box.width - width),
    top: clamp(at.y - height / 2, 0, box.height - height),
    width,
    height,
  };
}

/**
 * Where the magnified copy of the box (box × scale) sits inside a view the box's size, so the view shows what the lens
 * covers; use it as translate() of the copy or as background-position of a background sized box × scale.
 */
export function magnifiedOffset(lens: Lens, scale: number = DEFAULT_ZOOM_SCALE): Point {
  const s = Math.max(1, scale);
  // `+ 0` turns -0 into 0, so a lens at the corner gives a plain 0px.
  return { x: -lens.left * s + 0, y: -lens.top * s + 0 };
}

/** CSS background-position for a magnified background of size box × scale. */
export function backgroundPosition(lens: Lens, scale: number = DEFAULT_ZOOM_SCALE): string {
  const { x, y } = magnifiedOffset(lens, scale);
  return `${round(x)}px ${round(y)}px`;
}

/** The lens centre after an arrow key, kept where the lens still fits in the box (repeated presses at an edge do not pile up). */
export function moveLensCentre(centre: Point, dx: number, dy: number, box: Size, scale: number = DEFAULT_ZOOM_SCALE): Point {
  const lens = lensAt({ x: centre.x + dx, y: centre.y + dy }, box, scale);
  return { x: lens.left + lens.width / 2, y: lens.top + lens.height / 2 };
}

/** Angle in 0, 90, 180 or 270 degrees; any multiple of 90, negative included, maps onto them. */
export function normalizeRotation(degrees: number): number {
  const quarter = Math.round(degrees / 90);
  return (((quarter % 4) + 4) % 4) * 90;
}

/** The angle after one press of the rotate button (clockwise by default). */
export function rotateBy(degrees: number, step: number = 90): number {
  return normalizeRotation(degrees + step);
}

/** The dialog's scale after zooming in (+1) or out (-1), kept in range and on the step grid. */
export function nextScale(scale: number, direction: 1 | -1, range: { min: number; max: number; step: number } = DIALOG_ZOOM): number {
  const onGrid = Math.round(scale / range.step) * range.step;
  return clamp(round(onGrid + direction * range.step), range.min, range.max);
}

function round(n: number): number {
  return Math.round(n * 100) / 100 + 0;
}
