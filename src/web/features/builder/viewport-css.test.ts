import { describe, expect, it } from 'vitest';
import { mediaToContainerQueries, themeOnCanvas, toCanvasCss, viewportHeightsToPreview } from './viewport-css.ts';

describe('mediaToContainerQueries', () => {
  it('asks the canvas instead of the window about width, as Tailwind writes breakpoints minified', () => {
    const css = '.a{color:red}@media (min-width:48rem){.md\\:flex{display:flex}}@media not all and (min-width:40rem){.max-sm\\:hidden{display:none}}';
    expect(mediaToContainerQueries(css)).toBe(
      '.a{color:red}@container lp-viewport (min-width:48rem){.md\\:flex{display:flex}}@container lp-viewport not (min-width:40rem){.max-sm\\:hidden{display:none}}',
    );
  });

  it('takes range syntax and ranges of two bounds', () => {
    expect(mediaToContainerQueries('@media (width >= 40rem) and (width < 64rem) { .x{top:0} }')).toBe('@container lp-viewport (width >= 40rem) and (width < 64rem){ .x{top:0} }');
    expect(mediaToContainerQueries('@media not all and (min-width:40rem) and (max-width:60rem){.x{top:0}}')).toBe(
      '@container lp-viewport not ((min-width:40rem) and (max-width:60rem)){.x{top:0}}',
    );
  });

  it('leaves queries about anything but width alone', () => {
    const css = '@media (hover:hover){.h\\:u:hover{text-decoration:underline}}@media (prefers-reduced-motion:reduce){.m{animation:none}}@media print{.p{display:none}}@media (min-width:40rem) and (hover:hover){.x{top:0}}';
    expect(mediaToContainerQueries(css)).toBe(css);
  });
});

describe('viewportHeightsToPreview', () => {
  it("makes viewport heights the previewed screen's, in every unit and inside calc()", () => {
    const css = '.min-h-screen{min-height:100vh}.h-dvh{height:100dvh}.x{height:calc(100svh - 4rem);margin-top:-2.5lvh}';
    expect(viewportHeightsToPreview(css)).toBe(
      '.min-h-screen{min-height:calc(100 * var(--lp-vh, 1vh))}.h-dvh{height:calc(100 * var(--lp-vh, 1vh))}' +
        '.x{height:calc(calc(100 * var(--lp-vh, 1vh)) - 4rem);margin-top:calc(-2.5 * var(--lp-vh, 1vh))}',
    );
  });

  it('keeps selectors that spell a height, widths in vw, and lengths inside nested rules', () => {
    expect(viewportHeightsToPreview('.min-h-\\[50vh\\]{min-height:50vh}')).toBe('.min-h-\\[50vh\\]{min-height:calc(50 * var(--lp-vh, 1vh))}');
    expect(viewportHeightsToPreview('.w-screen{width:100vw}')).toBe('.w-screen{width:100vw}');
    expect(toCanvasCss('@media (min-width:48rem){.md\\:min-h-screen{min-height:100vh}}')).toBe(
      '@container lp-viewport (min-width:48rem){.md\\:min-h-screen{min-height:calc(100 * var(--lp-vh, 1vh))}}',
    );
  });
});

describe('themeOnCanvas', () => {
  it("sets the page theme's variables on the canvas, not on the staff app's root", () => {
    const css = '@layer theme{:root,:host{--font-sans:serif;--color-primary-600:#7c3aed}}@layer utilities{.font-sans{font-family:var(--font-sans)}}';
    expect(themeOnCanvas(css)).toBe('@layer theme{.lp-canvas{--font-sans:serif;--color-primary-600:#7c3aed}}@layer utilities{.font-sans{font-family:var(--font-sans)}}');
    expect(toCanvasCss(css)).toBe(themeOnCanvas(css));
  });
});
