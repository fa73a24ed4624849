import { describe, expect, it } from 'vitest';
import { mediaToContainerQueries } from './viewport-css.ts';

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
