import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampCrop, CROP_MAX, CROP_MIN, HANDLES, initialCrop, moveCrop, resizeCrop, type CropBox, type Size } from './editor.ts';

const canvas: Size = { width: 600, height: 450 };
const inside = (box: CropBox, c: Size) => box.x >= 0 && box.y >= 0 && box.x + box.width <= c.width && box.y + box.height <= c.height;
const sidesValid = (box: CropBox, c: Size) =>
  box.width >= Math.min(CROP_MIN, c.width) && box.width <= Math.min(CROP_MAX, c.width) && box.height >= Math.min(CROP_MIN, c.height) && box.height <= Math.min(CROP_MAX, c.height);

describe('crop box', () => {
  it('starts centred, as large as the limits allow', () => {
    expect(initialCrop(canvas)).toEqual({ x: 100, y: 45, width: 400, height: 360 });
    expect(initialCrop({ width: 200, height: 100 })).toEqual({ x: 20, y: 10, width: 160, height: 80 });
  });

  it('moves but stops at the canvas edges', () => {
    const box = { x: 100, y: 100, width: 200, height: 100 };
    expect(moveCrop(box, 10, -5, canvas)).toEqual({ x: 110, y: 95, width: 200, height: 100 });
    expect(moveCrop(box, -500, 900, canvas)).toEqual({ x: 0, y: 350, width: 200, height: 100 });
  });

  it('resizes from a corner, keeping the opposite corner where it was', () => {
    const box = { x: 100, y: 100, width: 200, height: 200 };
    expect(resizeCrop(box, 'nw', -20, -30, canvas)).toEqual({ x: 80, y: 70, width: 220, height: 230 });
    expect(resizeCrop(box, 'se', 20, 30, canvas)).toEqual({ x: 100, y: 100, width: 220, height: 230 });
    expect(resizeCrop(box, 'e', 0, 99, canvas)).toEqual({ x: 100, y: 100, width: 200, height: 200 });
  });

  it('clamps each side to 50-400 px', () => {
    const box = { x: 100, y: 20, width: 200, height: 200 };
    expect(resizeCrop(box, 'w', 500, 0, canvas)).toEqual({ x: 250, y: 20, width: CROP_MIN, height: 200 });
    expect(resizeCrop(box, 'e', 1000, 0, canvas)).toMatchObject({ x: 100, width: CROP_MAX });
    expect(resizeCrop(box, 's', 0, 1000, canvas)).toMatchObject({ y: 20, height: CROP_MAX });
  });

  it('stops at the canvas edge before the 400 px limit', () => {
    expect(resizeCrop({ x: 450, y: 0, width: 100, height: 100 }, 'e', 300, 0, canvas)).toMatchObject({ x: 450, width: 150 });
  });

  it('whatever is dragged, stays inside the canvas with valid sides (property)', () => {
    const size = fc.record({ width: fc.integer({ min: 60, max: 900 }), height: fc.integer({ min: 60, max: 900 }) });
    const drag = fc.record({ handle: fc.constantFrom(...HANDLES, 'move' as const), dx: fc.integer({ min: -1000, max: 1000 }), dy: fc.integer({ min: -1000, max: 1000 }) });
    fc.assert(
      fc.property(size, fc.array(drag, { maxLength: 12 }), (c, drags) => {
        let box = initialCrop(c);
        for (const d of drags) {
          box = d.handle === 'move' ? moveCrop(box, d.dx, d.dy, c) : resizeCrop(box, d.handle, d.dx, d.dy, c);
          if (!inside(box, c) || !sidesValid(box, c)) return false;
        }
        return true;
      }),
    );
  });

  it('makes any box valid', () => {
    expect(clampCrop({ x: -50, y: 500, width: 10, height: 900 }, canvas)).toEqual({ x: 0, y: 50, width: CROP_MIN, height: CROP_MAX });
  });
});
