import { describe, expect, it } from 'vitest';
import { canvasSizeFor, editedName, pixelRatioFor } from './editor-drawing.ts';
import { formatBytes, formatUsage } from './format.ts';

describe('editor canvas', () => {
  it('fits the picture inside 640 × 420, keeping its shape', () => {
    expect(canvasSizeFor({ width: 800, height: 600 })).toEqual({ width: 560, height: 420 });
    expect(canvasSizeFor({ width: 1920, height: 480 })).toEqual({ width: 640, height: 160 });
    expect(canvasSizeFor({ width: 100, height: 100 })).toEqual({ width: 420, height: 420 });
  });

  it("keeps the picture's own resolution behind the canvas, up to four times", () => {
    expect(pixelRatioFor({ width: 800, height: 600 }, { width: 560, height: 420 })).toBeCloseTo(800 / 560);
    expect(pixelRatioFor({ width: 4000, height: 3000 }, { width: 560, height: 420 })).toBe(4);
    expect(pixelRatioFor({ width: 100, height: 100 }, { width: 420, height: 420 })).toBe(1);
  });

  it('names the saved copy after the original, as a JPEG', () => {
    expect(editedName('team.png')).toBe('team-edited.jpg');
    expect(editedName('archive.2024.webp')).toBe('archive.2024-edited.jpg');
    expect(editedName('.jpg')).toBe('image-edited.jpg');
  });
});

describe('library texts', () => {
  it('writes sizes and usage as people read them', () => {
    expect([formatBytes(820), formatBytes(245_760), formatBytes(1_468_006)]).toEqual(['820 B', '240 KB', '1.4 MB']);
    expect([formatUsage(0), formatUsage(1), formatUsage(3)]).toEqual(['Not used', 'Used on 1 page', 'Used on 3 pages']);
  });
});
