import { BUILDER_PAGE_TITLE, type LandingPage } from '@shared/landing-pages/api.ts';
import { NEW_PAGE_ID, SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import { createComponent } from '@shared/landing-pages/create.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { useState } from 'react';
import { AddComponentDialog } from './add-component-dialog.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { DebugDialog } from './debug-dialog.tsx';
import { DraftDialog } from './draft-dialog.tsx';
import { HistoryDialog } from './history-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { PageSettingsDialog } from './page-settings-dialog.tsx';
import { ReloadDialog } from './reload-dialog.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import type { EditorState } from './store/editor-state.ts';
import { useEditor, useEditorStore } from './store/editor-store.ts';
import { selectDialog, selectDirty, selectDoc, selectSettings } from './store/selectors.ts';
import { serializeSettings } from './draft-offer.ts';
import { useDraftRecovery } from './use-draft-recovery.ts';
import type { SaveConflict } from './use-save.ts';

/** The document, for a dialog that shows it, only while such a dialog is open (else no re-render at each key). */
const docForDialog = (state: EditorState) =>
  state.dialog?.kind === 'move' || state.dialog?.kind === 'debug' || state.dialog?.kind === 'pageSettings' ? state.doc : null;

/** The builder's dialogs: the palette, Move Component, shortcuts, Reload's question, history, debug, a save conflict, and kept work offered back. */
export function BuilderDialogs({
  page,
  conflict,
  onConflictReload,
  onConflictOverwrite,
  onConflictClose,
  onReload,
}: {
  page: LandingPage | null;
  conflict: SaveConflict | null;
  onConflictReload: (current: LandingPage) => void;
  onConflictOverwrite: () => void;
  onConflictClose: () => void;
  /** Reload after all, once the user said to lose the unsaved changes. */
  onReload: () => void;
}) {
  const { dispatch } = useEditorStore();
  const dialog = useEditor(selectDialog);
  const doc = useEditor(docForDialog);
  const settings = useEditor(selectSettings);
  const closeDialog = () => dispatch({ type: 'closeDialog' });
  const addTarget = dialog?.kind === 'add' ? dialog.target : null;
  const movingId = dialog?.kind === 'move' ? dialog.id : null;
  return (
    <>
      <AddComponentDialog
        target={addTarget}
        onPick={(type, afterSelected) => {
          if (!addTarget) return;
          dispatch({ type: 'addComponent', parentId: addTarget.id, component: createComponent(type), afterId: afterSelected ? (addTarget.after?.id ?? null) : null });
        }}
        onClose={closeDialog}
      />
      <ShortcutsDialog open={dialog?.kind === 'shortcuts'} onClose={closeDialog} />
      <ReloadDialog
        open={dialog?.kind === 'reload'}
        onClose={closeDialog}
        onReload={() => {
          closeDialog();
          onReload();
        }}
      />
      <MoveDialog doc={doc ?? []} movingId={movingId} onClose={closeDialog} onMove={(parentId) => movingId && dispatch({ type: 'moveTo', id: movingId, parentId })} />
      <ConflictDialog
        current={conflict?.current ?? null}
        onClose={onConflictClose}
        onReload={() => conflict && onConflictReload(conflict.current)}
        onOverwrite={onConflictOverwrite}
      />
      <DraftRecovery page={page} />
      {page ? (
        <HistoryDialog
          pageId={page.id}
          open={dialog?.kind === 'history'}
          onClose={closeDialog}
          onRestore={(restored, settings, version) => {
            // An ordinary change: undo brings back what the editor held, and nothing is saved until the user saves.
            dispatch({ type: 'restoreVersion', doc: restored, settings, number: version.number });
            dispatch({ type: 'notify', banner: { tone: 'success', text: SAFETY_MESSAGES.restored(version.created_at.toLocaleString()) } });
          }}
        />
      ) : null}
      {dialog?.kind === 'pageSettings' ? (
        <PageSettingsDialog
          doc={doc ?? []}
          title={page?.title ?? BUILDER_PAGE_TITLE}
          settings={settings}
          onApply={(next) => dispatch({ type: 'setPageSettings', settings: next })}
          onClose={closeDialog}
        />
      ) : null}
      {page ? <DebugDialog doc={doc ?? []} pageId={page.id} fileName={`${page.slug}.json`} open={dialog?.kind === 'debug'} onClose={closeDialog} /> : null}
    </>
  );
}

/** Unsaved work kept in this browser (use-draft-recovery.ts): kept as the page changes, and offered back when the builder opens. */
function DraftRecovery({ page }: { page: LandingPage | null }) {
  const { dispatch } = useEditorStore();
  const doc = useEditor(selectDoc);
  const dirty = useEditor(selectDirty);
  const settings = useEditor(selectSettings);
  const [opening] = useState(() => ({ content: serializeContent(doc), settings: serializeSettings(settings) }));
  const lastSaved = page?.updated_at ?? null;
  const draft = useDraftRecovery({ draftKey: page?.id ?? NEW_PAGE_ID, doc, settings, dirty, opening, lastSaved });
  return (
    <DraftDialog
      offer={draft.offer}
      lastSaved={lastSaved}
      onDismiss={draft.dismiss}
      onDiscard={draft.discard}
      onRestore={() => {
        const kept = draft.restore();
        // Undoable like any change: undo goes back to the page as stored.
        if (kept) dispatch({ type: 'restoreDraft', doc: kept.doc, settings: kept.settings });
      }}
    />
  );
}
