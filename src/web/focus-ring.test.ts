import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The focus ring's colour token against what lies around it: the 2 px gap (outline-offset) between
 * a button and its ring shows the page behind, white on cards and dialogs, gray-50 on the page.
 */
const css = fs.readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

function token(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!match) throw new Error(`--${name} is not a hex colour in styles.css`);
  return match[1]!;
}

/** Relative luminance (WCAG 2.2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the focus ring', () => {
  it('is the colour every :focus-visible outline uses', () => {
    expect(css).toMatch(/:focus-visible\s*\{\s*@apply outline-2 outline-offset-2 outline-focus-ring;/);
  });

  it('has at least 3:1 against white and against the page background (gray-50)', () => {
    const ring = token('color-focus-ring');
    expect(contrast(ring, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, '#f9fafb')).toBeGreaterThanOrEqual(3);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
