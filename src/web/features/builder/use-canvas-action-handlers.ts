import { useState } from 'react';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import type { CanvasActions } from './canvas-actions.ts';
import { CLIPBOARD_MESSAGES, clipText } from './clipboard.ts';
import type { InlineEditRequests } from './inline-text.tsx';
import { useEditorStore } from './store/editor-store.ts';
import { labelIn } from './store/step-names.ts';
import { errorText } from './status-text.ts';

/**
 * What the canvas's chrome does: actions of the store, plus what lies outside it (the removal's
 * question, the system clipboard, the inline editor). Made once for the editor's life, so no node's
 * chrome re-renders for it.
 */
export function useCanvasActionHandlers(inlineEdits: InlineEditRequests): CanvasActions {
  const store = useEditorStore();
  const [actions] = useState<CanvasActions>(() => {
    const { dispatch } = store;
    const notify = (tone: 'success' | 'error', text: string) => dispatch({ type: 'notify', banner: { tone, text } });
    return {
      select: (id) => dispatch({ type: 'select', id }),
      edit: (id) => dispatch({ type: 'edit', id }),
      moveUp: (id) => dispatch({ type: 'moveNode', id, direction: 'up' }),
      moveDown: (id) => dispatch({ type: 'moveNode', id, direction: 'down' }),
      duplicate: (id) => dispatch({ type: 'duplicate', id }),
      remove: (id, label) => {
        if (window.confirm(BUILDER_MESSAGES.removeConfirm(label.toLowerCase()))) dispatch({ type: 'remove', id });
      },
      addInto: (parentId) => dispatch({ type: 'openAdd', parentId }),
      move: (id) => dispatch({ type: 'openDialog', dialog: { kind: 'move', id } }),
      copy: (id) => {
        const { doc } = store.getState();
        const text = clipText(doc, id);
        if (text === null) return;
        dispatch({ type: 'select', id });
        navigator.clipboard.writeText(text).then(
          () => notify('success', CLIPBOARD_MESSAGES.copied(labelIn(doc, id))),
          (error: unknown) => notify('error', CLIPBOARD_MESSAGES.copyFailed(errorText(error))),
        );
      },
      editText: (id) => {
        dispatch({ type: 'select', id });
        inlineEdits.request(id);
      },
      setText: (id, prop, text) => dispatch({ type: 'setText', id, key: prop, text }),
    };
  });
  return actions;
}
