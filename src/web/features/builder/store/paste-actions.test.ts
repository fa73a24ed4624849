import { describe, expect, it } from 'vitest';
import { CONTENT_MAX } from '@shared/landing-pages/api.ts';
import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { idsInOrder, nodesById, samplePage, sequentialIds } from '@shared/landing-pages/testing/fixtures.ts';
import { CLIPBOARD_MESSAGES, clipText, readClip, sizeProblem, type Clip } from '@web/features/builder/clipboard.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';

const ids = sequentialIds();
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a, { makeId: (type) => `new-${ids(type)}` }), state);
const clipOf = (id: string): Clip => readClip(clipText(samplePage(), id)!)!;

describe('paste actions', () => {
  it('pastes a copied component after the selected one with new ids, selected, one named step', () => {
    const start = run(initialEditorState(samplePage()), { type: 'select', id: 'intro' });
    const pasted = run(start, { type: 'pasteClip', clip: clipOf('box') });
    const main = pasted.doc[0]!.components.map((child) => child.id);
    expect(main[0]).toBe('intro');
    expect(main[1]).toMatch(/^new-container-/);
    expect(pasted.selectedId).toBe(main[1]);
    expect(idsInOrder(pasted.doc).filter((id) => id.startsWith('new-'))).toHaveLength(4);
    expect(pasted.past.map((step) => step.name)).toEqual(['Pasted Container']);
    expect(run(start, { type: 'pasteClip', clip: clipOf('other') }).past.map((step) => step.name)).toEqual(['Pasted Section']);
  });

  it('refuses a paste that would make the page too large to save, saying so', () => {
    const start = initialEditorState(samplePage());
    const clip = clipOf('cta');
    const huge: Clip = { kind: 'component', node: { ...clip.node, props: { ...clip.node.props, text: 'x'.repeat(CONTENT_MAX) } } };
    const refused = run(start, { type: 'pasteClip', clip: huge });
    expect(refused.doc).toBe(start.doc);
    expect(refused.banner?.text).toMatch(new RegExp(`^${CLIPBOARD_MESSAGES.notPasted}: the page would be`));
    expect(refused.banner?.tone).toBe('error');
  });

  it('refuses to paste a component onto a page without sections', () => {
    const refused = run(initialEditorState([]), { type: 'pasteClip', clip: clipOf('cta') });
    expect(refused.doc).toEqual([]);
    expect(refused.banner).toEqual({ tone: 'error', text: CLIPBOARD_MESSAGES.nowhere });
  });

  it('converts pasted HTML into sections after the selection, says how many, and names the step', () => {
    const start = run(initialEditorState(samplePage()), { type: 'select', id: 'intro' });
    const pasted = run(start, { type: 'pasteHtml', html: '<section><h2>One</h2></section><section><p>Two</p></section>' });
    expect(pasted.doc.map((section) => section.id).filter((id) => !id.startsWith('new-'))).toEqual(['main', 'other']);
    expect(pasted.doc).toHaveLength(4);
    expect(pasted.doc[1]!.id).toMatch(/^new-/);
    expect(pasted.banner).toEqual({ tone: 'success', text: CONVERTER_MESSAGES.builderSuccess(2) });
    expect(pasted.past.map((step) => step.name)).toEqual(['Pasted 2 sections from HTML']);
    expect(sizeProblem(pasted.doc)).toBeNull();
  });

  it("gives the converter's message when nothing converts, and keeps the page", () => {
    const start = initialEditorState(samplePage());
    const refused = run(start, { type: 'pasteHtml', html: '<div></div>' });
    expect(refused.doc).toBe(start.doc);
    expect(refused.banner).toEqual({ tone: 'error', text: CONVERTER_MESSAGES.noContent });
    expect(nodesById(refused.doc).size).toBe(nodesById(start.doc).size);
  });
});
