import type { CSSProperties } from 'react';

/**
 * The canvas previews the page at a phone's, a tablet's or a desktop's size (the viewport switch in
 * the header). The page's CSS asks the window's width (`@media (min-width: 48rem)` for `md:`); on
 * the canvas those questions go to the canvas instead: each media query about width alone becomes
 * the same container query on the canvas's frame (the element named CANVAS_CONTAINER). Queries about
 * anything else (hover, print, motion) stay media queries. Heights in viewport units (`min-h-screen`
 * is 100vh) follow the previewed screen's height, set on the frame as PREVIEW_VH.
 */
export const CANVAS_CONTAINER = 'lp-viewport';

/** The previewed screens (px): a common phone's and tablet's; desktop is the window. */
export const VIEWPORTS = [
  { id: 'phone', label: 'Phone', width: 360, height: 740 },
  { id: 'tablet', label: 'Tablet', width: 768, height: 1024 },
  { id: 'desktop', label: 'Desktop', width: null, height: null },
] as const;

/** The custom property holding 1vh of the previewed screen; unset (desktop), 1vh is the window's. */
const PREVIEW_VH = '--lp-vh';

/** The canvas frame's style for a previewed screen: its width, and the container the page's CSS asks. */
export function previewFrameStyle(id: ViewportId): CSSProperties {
  const { width, height } = VIEWPORTS.find((v) => v.id === id)!;
  return {
    width: width ?? undefined,
    containerType: 'inline-size',
    containerName: CANVAS_CONTAINER,
    ...(height ? { [PREVIEW_VH]: `${height / 100}px` } : {}),
  };
}
export type ViewportId = (typeof VIEWPORTS)[number]['id'];

const WIDTH_FEATURE = String.raw`\(\s*(?:(?:min-|max-)?width\s*:|width\s*[<>]=?)[^()]*\)`;
const WIDTH_QUERY = new RegExp(String.raw`@media\s+(not\s+all\s+and\s+)?(${WIDTH_FEATURE}(?:\s+and\s+${WIDTH_FEATURE})*)\s*\{`, 'g');

export function mediaToContainerQueries(css: string): string {
  return css.replace(WIDTH_QUERY, (_, negated: string | undefined, condition: string) => {
    const single = !/\)\s+and\s+\(/.test(condition);
    const query = negated ? `not ${single ? condition : `(${condition})`}` : condition;
    return `@container ${CANVAS_CONTAINER} ${query}{`;
  });
}

/**
 * The page's CSS as the canvas needs it: breakpoints on the canvas's width, heights on the previewed
 * screen's, and the page theme's variables on the canvas rather than on the staff app's root.
 */
export const toCanvasCss = (css: string): string => themeOnCanvas(viewportHeightsToPreview(mediaToContainerQueries(css)));

/**
 * Tailwind sets the theme's variables on `:root, :host`; on the canvas they are the page's alone, set
 * on the canvas (and the property editor's preview, also `.lp-canvas`), so the page's theme never
 * changes the staff app's own variables of the same name (its font, say).
 */
export const themeOnCanvas = (css: string): string => css.replace(/@layer theme\{:root,:host\{/g, '@layer theme{.lp-canvas{');

/** A length in viewport-height units (vh, and the dynamic, small and large ones). */
const VH_LENGTH = /(^|[^\w.-])(-?\d*\.?\d+)[dsl]?vh\b/g;

/**
 * Rewrites viewport-height lengths inside declaration blocks only (the innermost braces), so a class
 * selector that spells one (`.min-h-\[50vh\]`) keeps its name.
 */
export function viewportHeightsToPreview(css: string): string {
  return css.replace(/\{[^{}]*\}/g, (block) => block.replace(VH_LENGTH, `$1calc($2 * var(${PREVIEW_VH}, 1vh))`));
}
