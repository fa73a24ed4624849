import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BUILDER_PAGE_TITLE, type LandingPage } from '@shared/landing-pages/api.ts';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { defaultPage } from '@shared/landing-pages/default-page.ts';
import { locate } from '@shared/landing-pages/node-index.ts';
import { parseContent } from '@shared/landing-pages/parse-content.ts';
import { templatePage } from '@shared/landing-pages/templates/index.ts';
import { BuilderDialogs } from './builder-dialogs.tsx';
import { BuilderToolbar } from './builder-toolbar.tsx';
import { BuilderWorkspace } from './builder-workspace.tsx';
import { InlineEditRequests, useInlineEditKey } from './inline-text.tsx';
import { LeaveWarning } from './leave-warning.tsx';
import { StatusLine } from './status-line.tsx';
import { initialEditorState, isDirty, type EditorState } from './store/editor-state.ts';
import { createEditorStore, EditorStoreContext, useEditorStore } from './store/editor-store.ts';
import { useBuilderShortcuts } from './use-builder-shortcuts.ts';
import { useCanvasActionHandlers } from './use-canvas-action-handlers.ts';
import { useCanvasClipboard } from './use-canvas-clipboard.ts';
import { usePanelSizes } from './use-panel-sizes.ts';
import { useReload } from './use-reload.ts';
import { LIST_PATH, useSave } from './use-save.ts';

/**
 * The editor's first state: the stored content, or the default sections when there is none or it
 * does not parse, then saying why, since a save would replace what is stored. A new page starts as a
 * copy of its template (the default page for an id no template has).
 */
function openingState(page: LandingPage | null, templateId: string | null): EditorState {
  if (!page && templateId) return initialEditorState(templatePage(templateId), { baseVersion: 0, settings: {} });
  const parsed = parseContent(page?.content);
  const baseVersion = page?.version ?? 0;
  const settings = page?.settings ?? {};
  if (parsed.ok) return initialEditorState(parsed.content, { baseVersion, settings });
  const unreadable = page?.content.trim() ? BUILDER_MESSAGES.openedDefault(parsed.details[0] ?? parsed.message) : null;
  return initialEditorState(defaultPage(), { baseVersion, settings, banner: unreadable === null ? null : { tone: 'error', text: unreadable } });
}

/** The full-screen builder: header, canvas, property editor and dialogs around one editor store. */
export function BuilderEditor({ page, templateId = null }: { page: LandingPage | null; templateId?: string | null }) {
  const [store] = useState(() => createEditorStore(openingState(page, templateId)));
  return (
    <EditorStoreContext value={store}>
      <BuilderScreen page={page} />
    </EditorStoreContext>
  );
}

function BuilderScreen({ page }: { page: LandingPage | null }) {
  const store = useEditorStore();
  const { dispatch } = store;
  const pageId = page?.id ?? null;
  const navigate = useNavigate();
  const { save, conflict, overwrite, dismissConflict } = useSave(pageId);
  const { reload, loadStored } = useReload(pageId);
  const panel = usePanelSizes();
  const [inlineEdits] = useState(() => new InlineEditRequests());
  const actions = useCanvasActionHandlers(inlineEdits);

  // Reload throws unsaved changes away: with some, it asks first (ReloadDialog).
  const askReload = () => {
    if (isDirty(store.getState())) dispatch({ type: 'openDialog', dialog: { kind: 'reload' } });
    else void reload();
  };

  const close = () => {
    if (isDirty(store.getState()) && !window.confirm(BUILDER_MESSAGES.closeUnsaved)) return;
    void navigate(LIST_PATH);
  };

  useCanvasClipboard();
  useInlineEditKey(
    inlineEdits,
    () => (store.getState().mode === 'edit' ? store.getState().selectedId : null),
    (id) => {
      try {
        return locate(store.getState().doc, id).node.type;
      } catch {
        return '';
      }
    },
  );
  useBuilderShortcuts({
    save: () => void save(),
    toggleEdit: () => dispatch({ type: 'toggleEdit' }),
    overview: () => dispatch({ type: 'mode', mode: 'overview' }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    shortcuts: () => dispatch({ type: 'openDialog', dialog: { kind: 'shortcuts' } }),
    resetPanel: panel.reset,
    reload: askReload,
    nextComponent: () => dispatch({ type: 'stepSelection', step: 1 }),
    previousComponent: () => dispatch({ type: 'stepSelection', step: -1 }),
    clearSelection: () => {
      if (store.getState().dialog === null) dispatch({ type: 'select', id: null });
    },
  });

  return (
    <div className="flex h-dvh flex-col bg-gray-100">
      <LeaveWarning />
      <BuilderToolbar title={page?.title ?? BUILDER_PAGE_TITLE} pageId={pageId} onReload={askReload} onClose={close} onSave={(andClose) => void save(andClose)} />
      <StatusLine />
      <BuilderWorkspace actions={actions} inlineEdits={inlineEdits} panel={panel} />
      <BuilderDialogs
        page={page}
        conflict={conflict}
        onConflictClose={dismissConflict}
        onConflictReload={(current) => {
          dismissConflict();
          loadStored(current);
        }}
        onConflictOverwrite={overwrite}
        onReload={() => void reload()}
      />
    </div>
  );
}
