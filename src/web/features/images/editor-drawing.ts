import { EDITED_QUALITY } from '@shared/images/constants.ts';
import { filterCss, type CropBox, type EditorSettings, type Size } from '@shared/images/editor.ts';

/** The editor canvas on screen, in CSS pixels; the picture is fitted inside it. */
const CANVAS_MAX: Size = { width: 640, height: 420 };
/** At most this many canvas pixels per screen pixel: enough for a sharp 1600 px crop, small enough for any device. */
const MAX_PIXEL_RATIO = 4;

/** The canvas size (CSS pixels, the crop box's unit) for a picture: its shape, as large as fits. */
export function canvasSizeFor(image: Size): Size {
  const scale = Math.min(CANVAS_MAX.width / image.width, CANVAS_MAX.height / image.height);
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

/** Canvas pixels per CSS pixel: the picture's own resolution where it has more, so a crop keeps its detail. */
export function pixelRatioFor(image: Size, canvas: Size): number {
  return Math.min(MAX_PIXEL_RATIO, Math.max(1, image.width / canvas.width));
}

/**
 * Draws the picture with the editor's settings: scaled and rotated about the centre, colours
 * filtered, on white (a JPEG has no transparency).
 */
export function drawEdited(target: HTMLCanvasElement, picture: CanvasImageSource, settings: EditorSettings, canvas: Size, ratio: number): void {
  target.width = Math.round(canvas.width * ratio);
  target.height = Math.round(canvas.height * ratio);
  const ctx = target.getContext('2d')!;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.filter = filterCss(settings);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((settings.rotation * Math.PI) / 180);
  ctx.scale(settings.scale, settings.scale);
  ctx.drawImage(picture, -canvas.width / 2, -canvas.height / 2, canvas.width, canvas.height);
}

/** The part under the crop box, as a JPEG at quality 0.9. */
export function cropToJpeg(source: HTMLCanvasElement, crop: CropBox, ratio: number): Promise<Blob> {
  const output = document.createElement('canvas');
  output.width = Math.round(crop.width * ratio);
  output.height = Math.round(crop.height * ratio);
  output.getContext('2d')!.drawImage(source, crop.x * ratio, crop.y * ratio, crop.width * ratio, crop.height * ratio, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) =>
    output.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image'))), 'image/jpeg', EDITED_QUALITY),
  );
}

/** "team.png" → "team-edited.jpg" */
export const editedName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'image'}-edited.jpg`;
