import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZOOM_SCALE,
  DIALOG_ZOOM,
  backgroundPosition,
  lensAt,
  magnifiedOffset,
  moveLensCentre,
  nextScale,
  normalizeRotation,
  rotateBy,
} from '#src/shared/ui/zoom.ts';

const box = { width: 400, height: 400 };

describe('image zoom', () => {
  it('defaults to scale 2.5', () => {
    expect(DEFAULT_ZOOM_SCALE).toBe(2.5);
  });

  it('centres a lens of box/scale on the pointer', () => {
    expect(lensAt({ x: 200, y: 150 }, box)).toEqual({ left: 120, top: 70, width: 160, height: 160 });
    expect(lensAt({ x: 200, y: 200 }, { width: 500, height: 300 }, 5)).toEqual({ left: 150, top: 170, width: 100, height: 60 });
  });

  it('keeps the lens inside the box at the edges', () => {
    expect(lensAt({ x: 5, y: 2 }, box)).toMatchObject({ left: 0, top: 0 });
    expect(lensAt({ x: 399, y: 398 }, box)).toMatchObject({ left: 240, top: 240 });
    expect(lensAt({ x: -50, y: 1000 }, box)).toMatchObject({ left: 0, top: 240 });
  });

  it('never makes the lens bigger than the box', () => {
    expect(lensAt({ x: 10, y: 10 }, box, 0.5)).toEqual({ left: 0, top: 0, width: 400, height: 400 });
  });

  it('offsets the magnified copy so the view shows exactly what the lens covers', () => {
    const lens = lensAt({ x: 200, y: 150 }, box);
    const offset = magnifiedOffset(lens);
    expect(offset).toEqual({ x: -300, y: -175 });
    // The view (box-sized) shows copy pixels [-offset, -offset + box), which are lens pixels × scale.
    expect(-offset.x / DEFAULT_ZOOM_SCALE).toBe(lens.left);
    expect((-offset.x + box.width) / DEFAULT_ZOOM_SCALE).toBe(lens.left + lens.width);
    expect(backgroundPosition(lens)).toBe('-300px -175px');
    expect(backgroundPosition(lensAt({ x: 0, y: 0 }, box))).toBe('0px 0px');
    expect(backgroundPosition(lensAt({ x: 399, y: 399 }, box))).toBe('-600px -600px');
    expect(backgroundPosition(lensAt({ x: 100.123, y: 100.123 }, { width: 300, height: 300 }, 3), 3)).toBe('-150.37px -150.37px');
  });

  it('moves the lens by keys without drifting past an edge', () => {
    let c = { x: 200, y: 200 };
    for (let i = 0; i < 20; i++) c = moveLensCentre(c, 20, 0, box);
    expect(c).toEqual({ x: 320, y: 200 });
    c = moveLensCentre(c, -20, -20, box);
    expect(c).toEqual({ x: 300, y: 180 });
  });

  it('normalises rotation to a quarter turn in 0..270', () => {
    expect([0, 90, 180, 270, 360, 450, -90, -180, -450, 720].map(normalizeRotation)).toEqual([0, 90, 180, 270, 0, 90, 270, 180, 270, 0]);
    expect(normalizeRotation(89)).toBe(90);
    expect(rotateBy(0)).toBe(90);
    expect(rotateBy(270)).toBe(0);
    expect(rotateBy(0, -90)).toBe(270);
    let angle = 0;
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push((angle = rotateBy(angle)));
    expect(seen).toEqual([90, 180, 270, 0, 90]);
  });

  it('steps the dialog zoom within its range', () => {
    expect(DIALOG_ZOOM).toEqual({ min: 1, max: 4, step: 0.5 });
    expect(nextScale(1, 1)).toBe(1.5);
    expect(nextScale(1, -1)).toBe(1);
    expect(nextScale(4, 1)).toBe(4);
    expect(nextScale(2.5, -1)).toBe(2);
    // Off-grid values snap back onto the grid instead of accumulating float error.
    expect(nextScale(1.2, 1)).toBe(1.5);
    let s = 1;
    for (let i = 0; i < 10; i++) s = nextScale(s, 1);
    expect(s).toBe(4);
  });
});
