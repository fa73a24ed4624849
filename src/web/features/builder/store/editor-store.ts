import { createContext, useContext, useSyncExternalStore } from 'react';
import { applyAction, type ActionContext, type EditorAction } from './editor-actions.ts';
import type { EditorState } from './editor-state.ts';

/**
 * The builder's one store, outside React: components read the parts they draw through selectors
 * (useEditor), so an edit re-renders only what reads the changed part, and handlers read the latest
 * state and dispatch actions without changing identity.
 */
export interface EditorStore {
  getState(): EditorState;
  subscribe(listener: () => void): () => void;
  /** Applies the action; returns the state after it. */
  dispatch(action: EditorAction): EditorState;
}

export function createEditorStore(initial: EditorState, context?: ActionContext): EditorStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch: (action) => {
      const next = applyAction(state, action, context);
      if (next !== state) {
        state = next;
        listeners.forEach((listener) => listener());
      }
      return state;
    },
  };
}

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('The builder editor store is used outside the builder');
  return store;
}

/**
 * The part of the state `selector` picks, re-rendering when it changes. A selector returns a part of
 * the state or a plain value, never a new object (it would re-render at every change).
 */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  const store = useEditorStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

