import { describe, expect, it } from 'vitest';
import { CONTENT_MAX } from '@shared/landing-pages/api.ts';
import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { DocumentError } from '@shared/landing-pages/document-error.ts';
import { locate } from '@shared/landing-pages/node-index.ts';
import { samplePage, sequentialIds } from '@shared/landing-pages/testing/fixtures.ts';
import { childrenOf, subtreeIds } from '@shared/landing-pages/tree.ts';
import { CLIP_FORMAT, clipText, looksLikeHtml, pasteClip, pasteHtml, readClip, sizeProblem } from './clipboard.ts';

const fresh = () => {
  const ids = sequentialIds();
  return (type: string) => `new-${ids(type)}`;
};
const childIds = (doc: ReturnType<typeof samplePage>, id: string) => childrenOf(locate(doc, id).node).map((child) => child.id);

describe('clipboard text', () => {
  it('round-trips a component and a section through the text the clipboard holds', () => {
    const doc = samplePage();
    expect(readClip(clipText(doc, 'box')!)).toEqual({ kind: 'component', node: locate(doc, 'box').node });
    expect(readClip(clipText(doc, 'other')!)).toEqual({ kind: 'section', node: doc[1] });
  });

  it('takes nothing that is not our format or not a valid node', () => {
    const doc = samplePage();
    const clip = JSON.parse(clipText(doc, 'intro')!) as Record<string, unknown>;
    expect(readClip('Hello there')).toBeNull();
    expect(readClip('[1, 2]')).toBeNull();
    expect(readClip(JSON.stringify({ ...clip, format: 'other.app' }))).toBeNull();
    expect(readClip(JSON.stringify({ ...clip, kind: 'page' }))).toBeNull();
    // The model's parser refuses what a stored page may not hold: a level out of range, a lone grid cell.
    expect(readClip(JSON.stringify({ ...clip, node: { id: 'x', type: 'heading', props: { level: 'h9' }, styles: {} } }))).toBeNull();
    expect(readClip(JSON.stringify({ format: CLIP_FORMAT, kind: 'component', node: { id: 'c', type: 'gridCell', props: {}, styles: {}, components: [] } }))).toBeNull();
    expect(readClip(JSON.stringify({ format: CLIP_FORMAT, kind: 'component', node: null }))).toBeNull();
  });
});

describe('pasteClip', () => {
  it('pastes a component after the selected one, with every id new', () => {
    const doc = samplePage();
    const clip = readClip(clipText(doc, 'box')!)!;
    const pasted = pasteClip(doc, clip, 'intro', fresh());
    expect(childIds(pasted.doc, 'main')).toEqual(['intro', pasted.id, 'layout', 'box']);
    const copy = locate(pasted.doc, pasted.id).node;
    expect(subtreeIds(copy)).toEqual(['new-container-1', 'new-button-2', 'new-container-3', 'new-image-4']);
    expect(copy.components![0]!.props).toEqual(locate(doc, 'cta').node.props);
  });

  it('pastes into the selected section, container or grid cell, at the end', () => {
    const doc = samplePage();
    const clip = readClip(clipText(doc, 'intro')!)!;
    for (const holder of ['other', 'inner', 'right']) {
      const pasted = pasteClip(doc, clip, holder, fresh());
      expect(childIds(pasted.doc, holder).at(-1)).toBe(pasted.id);
    }
  });

  it('puts a component after a selected grid (a grid holds only its cells), and into the last section with nothing selected', () => {
    const doc = samplePage();
    const clip = readClip(clipText(doc, 'intro')!)!;
    expect(childIds(pasteClip(doc, clip, 'layout', fresh()).doc, 'main')).toEqual(['intro', 'layout', 'new-heading-1', 'box']);
    expect(childIds(pasteClip(doc, clip, null, fresh()).doc, 'other')).toEqual(['items', 'new-heading-1']);
    expect(() => pasteClip([], clip, null, fresh())).toThrow(DocumentError);
  });

  it('takes a selection no longer on the page as no selection', () => {
    const doc = samplePage();
    expect(clipText(doc, 'gone')).toBeNull();
    const heading = readClip(clipText(doc, 'intro')!)!;
    expect(childIds(pasteClip(doc, heading, 'gone', fresh()).doc, 'other')).toEqual(['items', 'new-heading-1']);
    const section = readClip(clipText(doc, 'other')!)!;
    expect(pasteClip(doc, section, 'gone', fresh()).doc.map((s) => s.id)).toEqual(['main', 'other', 'new-section-1']);
    expect(pasteHtml(doc, '<section><p>Hi</p></section>', 'gone').ok).toBe(true);
  });

  it('pastes a section after the section holding the selection, or at the end', () => {
    const doc = samplePage();
    const clip = readClip(clipText(doc, 'other')!)!;
    expect(pasteClip(doc, clip, 'cta', fresh()).doc.map((s) => s.id)).toEqual(['main', 'new-section-1', 'other']);
    expect(pasteClip(doc, clip, null, fresh()).doc.map((s) => s.id)).toEqual(['main', 'other', 'new-section-1']);
  });
});

describe('pasteHtml', () => {
  const html = '<section><h1>Spring sale</h1><p>Everything must go.</p></section><section><h2>Contact</h2></section>';

  it('converts pasted HTML into sections after the selection', () => {
    const doc = samplePage();
    const pasted = pasteHtml(doc, html, 'intro', fresh());
    expect(pasted.ok && pasted.sections).toBe(2);
    if (!pasted.ok) return;
    expect(pasted.doc.map((s) => s.id)).toEqual(['main', expect.stringMatching(/^new-/), expect.stringMatching(/^new-/), 'other']);
    expect(JSON.stringify(pasted.doc[1])).toContain('Spring sale');
  });

  it("gives the converter's message when nothing converts", () => {
    expect(pasteHtml(samplePage(), '<script>alert(1)</script>', null)).toEqual({ ok: false, message: CONVERTER_MESSAGES.noContent });
    expect(pasteHtml(samplePage(), '   ', null)).toEqual({ ok: false, message: CONVERTER_MESSAGES.builderError(CONVERTER_MESSAGES.emptyInput) });
  });

  it('refuses, before any save, a result larger than a page may be', () => {
    const paragraphs = Array.from({ length: Math.ceil(CONTENT_MAX / 150) }, (_, i) => `<p class="text-lg text-gray-700">Paragraph ${i} of a long page.</p>`).join('');
    const pasted = pasteHtml(samplePage(), `<section>${paragraphs}</section>`, null);
    expect(pasted.ok).toBe(false);
    expect(!pasted.ok && pasted.message).toMatch(/^Conversion error: the page would be \d+\.\d MB, more than a page can hold \(2 MB\)/);
  });
});

describe('looksLikeHtml', () => {
  it('tells markup from words', () => {
    expect(looksLikeHtml('  <!DOCTYPE html><html>')).toBe(true);
    expect(looksLikeHtml('<section>x</section>')).toBe(true);
    expect(looksLikeHtml('3 < 4')).toBe(false);
    expect(looksLikeHtml('Hello')).toBe(false);
  });
});

describe('sizeProblem', () => {
  it('says when a page would be too large to save, and nothing otherwise', () => {
    const doc = samplePage();
    expect(sizeProblem(doc)).toBeNull();
    const big = [{ ...doc[0]!, props: { title: 'x'.repeat(CONTENT_MAX) } }];
    expect(sizeProblem(big)).toMatch(/^the page would be 2\.0 MB, more than a page can hold \(2 MB\)/);
  });
});
