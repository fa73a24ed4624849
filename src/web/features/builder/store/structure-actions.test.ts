import { describe, expect, it } from 'vitest';
import { createComponent, createSection } from '@shared/landing-pages/create.ts';
import { MODEL_MESSAGES } from '@shared/landing-pages/messages.ts';
import { idsInOrder, nodesById, samplePage, sequentialIds } from '@shared/landing-pages/testing/fixtures.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';

const ids = sequentialIds();
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a, { makeId: ids }), state);
const names = (state: EditorState) => state.past.map((step) => step.name);

describe('structure actions', () => {
  it('adds the palette pick at the end of its target, selected, with the property editor open and the palette closed', () => {
    const button = createComponent('button', {}, ids);
    const start = { ...initialEditorState(samplePage()), dialog: { kind: 'add', target: { id: 'box', label: 'container', after: null } } } as const;
    const added = run(start, { type: 'addComponent', parentId: 'box', component: button, afterId: null });
    expect(nodesById(added.doc).get('box')!.components!.map((child) => child.id)).toEqual(['cta', 'inner', button.id]);
    expect(added).toMatchObject({ selectedId: button.id, panelOpen: true, dialog: null });
    expect(names(added)).toEqual(['Added Button']);
  });

  it('adds after the chosen component when asked', () => {
    const heading = createComponent('heading', {}, ids);
    const added = run(initialEditorState(samplePage()), { type: 'addComponent', parentId: 'box', component: heading, afterId: 'cta' });
    expect(nodesById(added.doc).get('box')!.components!.map((child) => child.id)).toEqual(['cta', heading.id, 'inner']);
  });

  it('refuses what a holder may not take, keeping the page, and still leaves the palette', () => {
    const start = initialEditorState(samplePage());
    const refused = run(start, { type: 'addComponent', parentId: 'intro', component: createComponent('heading', {}, ids), afterId: null });
    expect(refused.doc).toBe(start.doc);
    expect(refused.past).toEqual([]);
    expect(refused.banner).toEqual({ tone: 'error', text: MODEL_MESSAGES.holdsNothing('heading') });
    expect(refused.dialog).toBeNull();
  });

  it('adds a section at the end', () => {
    const section = createSection('section', {}, ids);
    const added = run(initialEditorState(samplePage()), { type: 'addSection', section });
    expect(added.doc.map((s) => s.id)).toEqual(['main', 'other', section.id]);
    expect(names(added)).toEqual(['Added Section']);
  });

  it('duplicates a node with new ids right after it, naming a section by its place', () => {
    const start = initialEditorState(samplePage());
    const copied = run(start, { type: 'duplicate', id: 'box' }, { type: 'duplicate', id: 'other' });
    const order = idsInOrder(copied.doc);
    expect(order.length).toBe(idsInOrder(start.doc).length + 6);
    expect(new Set(order).size).toBe(order.length);
    expect(copied.doc[0]!.components.map((child) => child.type)).toEqual(['heading', 'grid', 'container', 'container']);
    expect(names(copied)).toEqual(['Duplicated Container', 'Duplicated Section 2']);
  });

  it('removes a node with what it holds; removing the selected node leaves nothing selected', () => {
    const start = run(initialEditorState(samplePage()), { type: 'select', id: 'box' });
    const removed = run(start, { type: 'remove', id: 'box' });
    expect(nodesById(removed.doc).has('photo')).toBe(false);
    expect(removed.selectedId).toBeNull();
    expect(names(removed)).toEqual(['Removed Container']);
    expect(run(start, { type: 'remove', id: 'intro' }).selectedId).toBe('box');
    expect(run(start, { type: 'remove', id: 'left' }).banner).toEqual({ tone: 'error', text: MODEL_MESSAGES.gridCellsStay });
  });
});
