import { Bug, Eye, History, Keyboard, PencilRuler, Redo2, RefreshCw, Undo2 } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { useEditor, useEditorStore } from './store/editor-store.ts';
import { selectDirty, selectMode, selectRedoName, selectUndoName, selectViewport } from './store/selectors.ts';
import { STEP_NAMES } from './store/step-names.ts';
import { ViewportSwitch } from './viewport-switch.tsx';

/**
 * The builder's header: the page's title and whether all is saved, the mode, the previewed screen,
 * undo and redo (their tooltips name the step), and the page's commands. Reload, Debug and History
 * need a saved page.
 */
export function BuilderToolbar({
  title,
  saved,
  onReload,
  onClose,
  onSave,
}: {
  title: string;
  /** The page has been saved once: it has an id to reload, debug and list versions of. */
  saved: boolean;
  onReload: () => void;
  onClose: () => void;
  onSave: (close: boolean) => void;
}) {
  const { dispatch } = useEditorStore();
  const dirty = useEditor(selectDirty);
  const mode = useEditor(selectMode);
  const viewport = useEditor(selectViewport);
  const undoName = useEditor(selectUndoName);
  const redoName = useEditor(selectRedoName);
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-4 py-2">
      <h1 className="mr-2 min-w-0 truncate text-base font-semibold text-gray-900">
        {title}
        <span className="ml-2 text-xs font-normal text-gray-600">{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
      </h1>
      <div role="group" aria-label="Mode" className="flex rounded-lg border border-gray-300 p-0.5">
        <Button size="sm" variant={mode === 'overview' ? 'primary' : 'ghost'} aria-pressed={mode === 'overview'} onClick={() => dispatch({ type: 'mode', mode: 'overview' })}>
          <Eye className="size-4" aria-hidden /> Overview
        </Button>
        <Button size="sm" variant={mode === 'edit' ? 'primary' : 'ghost'} aria-pressed={mode === 'edit'} onClick={() => dispatch({ type: 'mode', mode: 'edit' })}>
          <PencilRuler className="size-4" aria-hidden /> Edit
        </Button>
      </div>
      <ViewportSwitch value={viewport} onChange={(next) => dispatch({ type: 'viewport', viewport: next })} />
      <Button size="sm" variant="ghost" aria-label="Undo" title={STEP_NAMES.undoTitle(undoName)} disabled={undoName === undefined} onClick={() => dispatch({ type: 'undo' })}>
        <Undo2 className="size-4" aria-hidden />
      </Button>
      <Button size="sm" variant="ghost" aria-label="Redo" title={STEP_NAMES.redoTitle(redoName)} disabled={redoName === undefined} onClick={() => dispatch({ type: 'redo' })}>
        <Redo2 className="size-4" aria-hidden />
      </Button>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'shortcuts' } })}>
          <Keyboard className="size-4" aria-hidden /> Shortcuts
        </Button>
        {saved ? (
          <>
            <Button size="sm" variant="secondary" onClick={onReload}>
              <RefreshCw className="size-4" aria-hidden /> Reload
            </Button>
            <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'debug' } })}>
              <Bug className="size-4" aria-hidden /> Debug
            </Button>
            <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'history' } })}>
              <History className="size-4" aria-hidden /> History
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onSave(true)}>
          Save &amp; Close
        </Button>
        <Button size="sm" onClick={() => onSave(false)}>
          Save
        </Button>
      </div>
    </header>
  );
}
