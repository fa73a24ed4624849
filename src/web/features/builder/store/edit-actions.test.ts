import { describe, expect, it } from 'vitest';
import { MODEL_MESSAGES } from '@shared/landing-pages/messages.ts';
import { nodesById, samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a), state);
const node = (state: EditorState, id: string) => nodesById(state.doc).get(id)!;
const typeText = (text: string): EditorAction => ({ type: 'updateProp', id: 'intro', key: 'text', value: text, typed: true });

describe('edit actions', () => {
  it('sets a prop as one named step per field typed into, the canvas told it was a key', () => {
    const start = initialEditorState(samplePage());
    const typed = run(start, typeText('H'), typeText('He'), typeText('Hey'));
    expect(node(typed, 'intro').props.text).toBe('Hey');
    expect(typed.past).toEqual([{ doc: start.doc, settings: start.settings, name: 'Changed heading text' }]);
    expect(typed.typed).toBe(true);
    // Another field of the same node is another step; so is the same field after a pause of selection.
    const other = run(typed, { type: 'updateProp', id: 'intro', key: 'level', value: 'h2' });
    expect(other.past.map((step) => step.name)).toEqual(['Changed heading text', 'Changed heading level']);
    expect(other.typed).toBe(false);
    expect(run(typed, { type: 'select', id: 'box' }, typeText('Hey!')).past).toHaveLength(2);
  });

  it('applies the rules of the special props: a heading level sets its classes, columns make cells, a style flag swaps classes', () => {
    const start = initialEditorState(samplePage());
    const level = run(start, { type: 'updateProp', id: 'intro', key: 'level', value: 'h3' });
    expect(node(level, 'intro').props).toMatchObject({ level: 'h3' });
    expect(node(level, 'intro').props.tailwindClasses).not.toBe(node(start, 'intro').props.tailwindClasses);
    expect(node(level, 'intro').styles.fontSize).toBeUndefined();

    const columns = run(start, { type: 'updateProp', id: 'layout', key: 'columns', value: 3 });
    expect(node(columns, 'layout').components).toHaveLength(3);
    expect(columns.past.at(-1)!.name).toBe('Changed grid columns');

    const bold = run(start, { type: 'updateProp', id: 'text', key: 'bold', value: 'true' });
    expect(node(bold, 'text').props).toMatchObject({ bold: 'true' });
    expect(String(node(bold, 'text').props.tailwindClasses)).toContain('font-bold');
    expect(bold.past.at(-1)!.name).toBe('Changed paragraph bold');
  });

  it("names a section's props and keeps proper names", () => {
    const state = run(
      initialEditorState(samplePage()),
      { type: 'updateProp', id: 'main', key: 'title', value: 'Welcome' },
      { type: 'updateProp', id: 'intro', key: 'tailwindClasses', value: 'text-xl' },
      { type: 'updateProp', id: 'intro', key: 'dataThing', value: 'x' },
    );
    expect(state.past.map((step) => step.name)).toEqual(['Changed section title', 'Changed heading Tailwind classes', 'Changed heading dataThing']);
  });

  it('sets and removes a style, named by its CSS property', () => {
    const start = initialEditorState(samplePage());
    const set = run(start, { type: 'updateStyle', id: 'intro', key: 'fontSize', value: '3rem' }, { type: 'updateStyle', id: 'intro', key: 'customCSS', value: 'color: red' });
    expect(node(set, 'intro').styles).toMatchObject({ fontSize: '3rem', customCSS: 'color: red' });
    expect(set.past.map((step) => step.name)).toEqual(['Changed heading font-size', 'Changed heading custom CSS']);
    const removed = run(set, { type: 'updateStyle', id: 'intro', key: 'fontSize', value: undefined });
    expect(node(removed, 'intro').styles.fontSize).toBeUndefined();
  });

  it('commits a text edited on the canvas as one step and selects its node', () => {
    const state = run(initialEditorState(samplePage()), { type: 'setText', id: 'cta', key: 'text', text: 'Buy now' });
    expect(node(state, 'cta').props.text).toBe('Buy now');
    expect(state).toMatchObject({ selectedId: 'cta', typed: false, lastMerge: null });
    expect(state.past.map((step) => step.name)).toEqual(['Changed button text']);
  });

  it('keeps the page and says why when a value is refused', () => {
    const start = initialEditorState(samplePage());
    const refused = run(start, { type: 'updateProp', id: 'layout', key: 'columns', value: 9 });
    expect(refused.doc).toBe(start.doc);
    expect(refused.past).toEqual([]);
    expect(refused.banner).toEqual({ tone: 'error', text: MODEL_MESSAGES.gridColumns });
    const gone = run(start, typeText('x'), { type: 'updateProp', id: 'nowhere', key: 'text', value: 'x' });
    expect(gone.banner).toEqual({ tone: 'error', text: MODEL_MESSAGES.notFound('nowhere') });
  });
});
