/**
 * The canvas previews the page at a phone's, a tablet's or a desktop's width (the viewport switch in
 * the header). The page's CSS asks the window's width (`@media (min-width: 48rem)` for `md:`); on
 * the canvas those questions go to the canvas instead: each media query about width alone becomes
 * the same container query on the canvas's frame (the element named CANVAS_CONTAINER). Queries about
 * anything else (hover, print, motion) stay media queries.
 */
export const CANVAS_CONTAINER = 'lp-viewport';

/** The preview widths (px); desktop fills the canvas. */
export const VIEWPORTS = [
  { id: 'phone', label: 'Phone', width: 360 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'desktop', label: 'Desktop', width: null },
] as const;
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
