import { createContext, useContext } from 'react';

/**
 * What the canvas's editing chrome can ask of the editor. One object for the editor's whole life,
 * passed by context: a node's chrome never re-renders because of it.
 */
export interface CanvasActions {
  select: (id: string) => void;
  edit: (id: string) => void;
  moveUp: (id: string) => void;
  moveDown: (id: string) => void;
  duplicate: (id: string) => void;
  remove: (id: string, label: string) => void;
  addInto: (parentId: string) => void;
  /** Opens Move Component for a component (not offered for sections). */
  move: (id: string) => void;
  /** Copies a section or component to the system clipboard (pasted with Ctrl/Cmd+V). */
  copy: (id: string) => void;
  /** Starts editing a component's text on the canvas (its toolbar's Edit text; F2). */
  editText: (id: string) => void;
  /** Commits a text edited on the canvas: one change, one undo step. */
  setText: (id: string, prop: string, text: string) => void;
}

export const CanvasActionsContext = createContext<CanvasActions | null>(null);

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (!actions) throw new Error('The canvas chrome is used outside the builder');
  return actions;
}
