import { describe, expect, it } from 'vitest';
import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { convertText, readHtmlFile, summaryRows } from './conversion.ts';

describe('convertText', () => {
  it('gives the sections, warnings and title', () => {
    const outcome = convertText('<title>Hi</title><section class="py-8"><h1>Hello</h1></section>');
    expect(outcome).toMatchObject({ ok: true, converted: { title: 'Hi', warnings: [] } });
  });

  it("shows the converter's own message", () => {
    expect(convertText('  ')).toEqual({ ok: false, message: 'Please enter HTML content' });
    expect(convertText('<script>x</script>')).toEqual({ ok: false, message: 'Failed to convert HTML. Please check your HTML structure.' });
  });
});

describe('readHtmlFile', () => {
  it('reads .html and .htm files and refuses other names', async () => {
    expect(await readHtmlFile(new File(['<p>a</p>'], 'page.HTM'))).toEqual({ ok: true, text: '<p>a</p>' });
    expect(await readHtmlFile(new File(['<p>a</p>'], 'page.txt'))).toEqual({ ok: false, message: CONVERTER_MESSAGES.fileType });
  });

  it('refuses a file over 5 MB without reading it', async () => {
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.html');
    huge.text = () => Promise.reject(new Error('must not be read'));
    expect(await readHtmlFile(huge)).toEqual({ ok: false, message: 'The HTML is larger than 5 MB' });
  });

  it("says 'Failed to read file' when the file cannot be read", async () => {
    const broken = new File(['x'], 'page.html');
    broken.text = () => Promise.reject(new Error('NotReadableError'));
    expect(await readHtmlFile(broken)).toEqual({ ok: false, message: 'Failed to read file' });
  });
});

describe('summaryRows', () => {
  it('lists sections and components in reading order with depth, text, classes and children', () => {
    const outcome = convertText('<section class="s"><div class="grid grid-cols-2"><div><p class="a">One</p></div><div><p>Two</p></div></div></section><footer><p>Bye</p></footer>');
    if (!outcome.ok) throw new Error(outcome.message);
    const { rows, total } = summaryRows(outcome.converted.sections, 100);
    expect(rows.map((r) => [r.type, r.depth, r.text, r.classes, r.children])).toEqual([
      ['section', 0, '', 's', 1],
      ['grid', 1, '', 'grid grid-cols-2', 2],
      ['gridCell', 2, '', '', 1],
      ['paragraph', 3, 'One', 'a', 0],
      ['gridCell', 2, '', '', 1],
      ['paragraph', 3, 'Two', '', 0],
      ['section', 0, '', '', 1],
      ['paragraph', 1, 'Bye', '', 0],
    ]);
    expect(total).toBe(8);
    expect(summaryRows(outcome.converted.sections, 3)).toMatchObject({ rows: { length: 3 }, total: 8 });
  });
});
