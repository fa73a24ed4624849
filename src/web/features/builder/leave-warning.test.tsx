// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { LeaveWarning } from './leave-warning.tsx';
import { initialEditorState } from './store/editor-state.ts';
import { createEditorStore, EditorStoreContext } from './store/editor-store.ts';

/** Whether leaving the page now would make the browser ask first. */
const wouldAsk = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('the leave warning', () => {
  it('makes the browser ask only while there is unsaved work', () => {
    const store = createEditorStore(initialEditorState(samplePage()));
    const view = render(
      <EditorStoreContext value={store}>
        <LeaveWarning />
      </EditorStoreContext>,
    );
    expect(wouldAsk()).toBe(false);

    act(() => void store.dispatch({ type: 'updateProp', id: 'intro', key: 'text', value: 'Hi' }));
    expect(wouldAsk()).toBe(true);
    act(() => void store.dispatch({ type: 'undo' }));
    expect(wouldAsk()).toBe(false);
    act(() => void store.dispatch({ type: 'redo' }));
    expect(wouldAsk()).toBe(true);

    view.unmount();
    expect(wouldAsk()).toBe(false);
  });
});
