import { describe, expect, it } from 'vitest';
import { classesInHtml, cssForClasses } from './page-css.ts';

describe('page CSS', () => {
  it('collects every class token of the rendered HTML, entities decoded', () => {
    const html = `<div class="p-4 text-4xl"><p class="p-4  bg-[url(&#x27;/a.png&#x27;)]">x</p><span data-class="nope">y</span></div>`;
    expect(classesInHtml(html)).toEqual(["bg-[url('/a.png')]", 'p-4', 'text-4xl']);
  });

  it('compiles exactly the classes used, with the brand palettes, and nothing else', async () => {
    const { css } = await cssForClasses(['bg-primary-600', 'md:grid-cols-2', 'text-4xl']);
    expect(css).toContain('.bg-primary-600');
    expect(css).toContain('#7c3aed');
    expect(css).toMatch(/\.md\\:grid-cols-2/);
    expect(css).not.toContain('.text-5xl');
    expect(css).not.toContain('.p-4');
  });

  it('ignores what is not a Tailwind class and keeps the CSS small', async () => {
    const { css } = await cssForClasses(['not-a-class', 'p-4']);
    expect(css).toContain('.p-4');
    expect(css).not.toContain('not-a-class');
    expect(css.length).toBeLessThan(12_000);
  });

  it("never carries an earlier page's classes into another page's CSS", async () => {
    await cssForClasses(['text-[#abcdef]', 'p-4']);
    const { css } = await cssForClasses(['p-4', 'm-2']);
    expect(css).toContain('.m-2');
    expect(css).not.toContain('abcdef');
  });

  it('returns the same CSS and hash for the same set', async () => {
    const a = await cssForClasses(['p-4', 'text-4xl']);
    const b = await cssForClasses(['p-4', 'text-4xl']);
    expect(b).toBe(a);
    expect(a.hash).toMatch(/^[\w-]{16}$/);
  });
});
