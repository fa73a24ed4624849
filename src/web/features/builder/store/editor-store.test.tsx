// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';
import { createEditorStore, EditorStoreContext, useEditor, type EditorStore } from './editor-store.ts';
import { selectMode, selectUndoName } from './selectors.ts';

describe('the editor store', () => {
  it('tells its listeners of a change, and of nothing when an action changes nothing', () => {
    const store = createEditorStore(initialEditorState(samplePage()));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const after = store.dispatch({ type: 'updateProp', id: 'intro', key: 'text', value: 'Hi' });
    expect(after).toBe(store.getState());
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispatch({ type: 'moveNode', id: 'main', direction: 'up' });
    store.dispatch({ type: 'select', id: null });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dispatch({ type: 'undo' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().doc[0]!.components[0]!.props.text).toBe('Hello');
  });

  it('re-renders a component only when the part its selector reads changes', () => {
    const store = createEditorStore(initialEditorState(samplePage()));
    const renders = { mode: 0, undo: 0 };
    function ModeReader() {
      renders.mode++;
      return <p data-testid="mode">{useEditor(selectMode)}</p>;
    }
    function UndoReader() {
      renders.undo++;
      return <p data-testid="undo">{useEditor(selectUndoName) ?? 'nothing'}</p>;
    }
    const wrap = (store: EditorStore, children: ReactNode) => <EditorStoreContext value={store}>{children}</EditorStoreContext>;
    const view = render(wrap(store, [<ModeReader key="mode" />, <UndoReader key="undo" />]));
    expect(renders).toEqual({ mode: 1, undo: 1 });

    // Typing into one field: the history's step is named once, then each key changes only the document.
    act(() => void store.dispatch({ type: 'updateProp', id: 'intro', key: 'text', value: 'H', typed: true }));
    expect(view.getByTestId('undo').textContent).toBe('Changed heading text');
    act(() => void store.dispatch({ type: 'updateProp', id: 'intro', key: 'text', value: 'He', typed: true }));
    act(() => void store.dispatch({ type: 'updateProp', id: 'intro', key: 'text', value: 'Hey', typed: true }));
    expect(renders).toEqual({ mode: 1, undo: 2 });

    act(() => void store.dispatch({ type: 'mode', mode: 'overview' }));
    expect(view.getByTestId('mode').textContent).toBe('overview');
    expect(renders).toEqual({ mode: 2, undo: 2 });
  });

  it('is read outside the builder only by mistake', () => {
    function Orphan() {
      useEditor((state: EditorState) => state.mode);
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('The builder editor store is used outside the builder');
    vi.mocked(console.error).mockRestore();
  });
});
