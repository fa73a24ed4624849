/** The image editor's limits and crop-box geometry , pure so they are tested alone. */

/** A crop box side is clamped to 50–400 canvas pixels, and the box stays inside the canvas. */
export const CROP_MIN = 50;
export const CROP_MAX = 400;

export const EDITOR_CONTROLS = {
  scale: { label: 'Scale', min: 0.1, max: 3, step: 0.1, initial: 1, unit: '×' },
  rotation: { label: 'Rotation', min: -180, max: 180, step: 1, initial: 0, unit: '°' },
  brightness: { label: 'Brightness', min: 0, max: 200, step: 1, initial: 100, unit: '%' },
  contrast: { label: 'Contrast', min: 0, max: 200, step: 1, initial: 100, unit: '%' },
  saturation: { label: 'Saturation', min: 0, max: 200, step: 1, initial: 100, unit: '%' },
} as const;
export type EditorControl = keyof typeof EDITOR_CONTROLS;
export type EditorSettings = Record<EditorControl, number>;

export const initialSettings = (): EditorSettings =>
  Object.fromEntries(Object.entries(EDITOR_CONTROLS).map(([key, c]) => [key, c.initial])) as EditorSettings;

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The eight resize handles: edges and corners, by compass direction. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
/** The side limits on a canvas: 50–400, but never more than the canvas has. */
const sideRange = (canvasSide: number) => ({ min: Math.min(CROP_MIN, canvasSide), max: Math.min(CROP_MAX, canvasSide) });

/** Any box made valid: sides within their limits, then moved inside the canvas. */
export function clampCrop(box: CropBox, canvas: Size): CropBox {
  const w = sideRange(canvas.width);
  const h = sideRange(canvas.height);
  const width = clamp(box.width, w.min, w.max);
  const height = clamp(box.height, h.min, h.max);
  return { width, height, x: clamp(box.x, 0, canvas.width - width), y: clamp(box.y, 0, canvas.height - height) };
}

/** The box a new picture starts with: as large as allowed, at most 80 % of the canvas, centred. */
export function initialCrop(canvas: Size): CropBox {
  const { width, height } = clampCrop({ x: 0, y: 0, width: Math.round(canvas.width * 0.8), height: Math.round(canvas.height * 0.8) }, canvas);
  return { x: Math.round((canvas.width - width) / 2), y: Math.round((canvas.height - height) / 2), width, height };
}

/** Moves the box by (dx, dy), stopping at the canvas edges. */
export function moveCrop(box: CropBox, dx: number, dy: number, canvas: Size): CropBox {
  return clampCrop({ ...box, x: box.x + dx, y: box.y + dy }, canvas);
}

/**
 * Drags one handle by (dx, dy): the edges it holds move, the opposite edges stay put, and each side
 * stops at its limits and at the canvas edge.
 */
export function resizeCrop(box: CropBox, handle: Handle, dx: number, dy: number, canvas: Size): CropBox {
  const w = sideRange(canvas.width);
  const h = sideRange(canvas.height);
  let left = box.x;
  let top = box.y;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  if (handle.includes('w')) left = clamp(left + dx, Math.max(0, right - w.max), right - w.min);
  if (handle.includes('e')) right = clamp(right + dx, left + w.min, Math.min(canvas.width, left + w.max));
  if (handle.includes('n')) top = clamp(top + dy, Math.max(0, bottom - h.max), bottom - h.min);
  if (handle.includes('s')) bottom = clamp(bottom + dy, top + h.min, Math.min(canvas.height, top + h.max));
  return clampCrop({ x: left, y: top, width: right - left, height: bottom - top }, canvas);
}

/** The canvas filter for the colour sliders (percent, 100 = unchanged). */
export const filterCss = ({ brightness, contrast, saturation }: EditorSettings) =>
  `brightness(${brightness}%) contrast(${contrast}%) saturate(${saturation}%)`;
