import { Bug, ExternalLink, Eye, History, Keyboard, PencilRuler, Redo2, RefreshCw, Settings2, Undo2 } from 'lucide-react';
import { LANDING_PAGE_PATHS } from '@shared/landing-pages/api.ts';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { PAGE_SETTINGS_MESSAGES } from '@shared/landing-pages/page-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { useEditor, useEditorStore } from './store/editor-store.ts';
import { selectDirty, selectMode, selectRedoName, selectUndoName, selectViewport } from './store/selectors.ts';
import { STEP_NAMES } from './store/step-names.ts';
import { ViewportSwitch } from './viewport-switch.tsx';

/**
 * The words of the header's less used commands (Shortcuts, Debug, History, Preview): shown on wide screens,
 * heard everywhere; narrower, the icon and its tooltip, so the header keeps one row at 1366 px.
 */
const SECONDARY_LABEL = 'sr-only 2xl:not-sr-only';

/**
 * The builder's header: the page's title and whether all is saved (or nothing yet), the mode, the previewed screen,
 * undo and redo (their tooltips name the step), and the page's commands. Reload, Debug, History and
 * Preview need a saved page; Preview opens what is saved, active or not, in a new tab.
 */
export function BuilderToolbar({
  title,
  pageId,
  onReload,
  onClose,
  onSave,
}: {
  title: string;
  /** The page's id once it has been saved: what Reload, Debug, History and Preview act on. */
  pageId: string | null;
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
  const saveState = dirty ? BUILDER_MESSAGES.saveState.unsaved : pageId === null ? BUILDER_MESSAGES.saveState.neverSaved : BUILDER_MESSAGES.saveState.saved;
  return (
    // From 1280 px the header keeps one row and a long title gives way (cut, whole on hover); narrower, it wraps.
    <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-4 py-2 xl:flex-nowrap">
      <div className="mr-2 flex min-w-0 items-baseline gap-2">
        <h1 className="max-w-80 truncate text-base font-semibold text-gray-900" title={title}>
          {title}
        </h1>
        <span className="shrink-0 text-xs font-normal text-gray-600">{saveState}</span>
      </div>
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
      <div className="ml-auto flex flex-wrap items-center gap-2 xl:shrink-0">
        <Button size="sm" variant="ghost" title="Shortcuts" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'shortcuts' } })}>
          <Keyboard className="size-4" aria-hidden /> <span className={SECONDARY_LABEL}>Shortcuts</span>
        </Button>
        <Button size="sm" variant="ghost" title={PAGE_SETTINGS_MESSAGES.open} onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'pageSettings' } })}>
          <Settings2 className="size-4" aria-hidden /> <span className={SECONDARY_LABEL}>{PAGE_SETTINGS_MESSAGES.open}</span>
        </Button>
        {pageId !== null ? (
          <>
            <Button size="sm" variant="secondary" onClick={onReload}>
              <RefreshCw className="size-4" aria-hidden /> Reload
            </Button>
            <Button size="sm" variant="ghost" title="Debug" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'debug' } })}>
              <Bug className="size-4" aria-hidden /> <span className={SECONDARY_LABEL}>Debug</span>
            </Button>
            <Button size="sm" variant="ghost" title="History" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'history' } })}>
              <History className="size-4" aria-hidden /> <span className={SECONDARY_LABEL}>History</span>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a
                href={LANDING_PAGE_PATHS.preview.path({ id: pageId })}
                target="_blank"
                rel="noopener"
                title="Preview the saved page"
                aria-label="Preview the saved page (opens in a new tab)"
              >
                <ExternalLink className="size-4" aria-hidden /> <span className={SECONDARY_LABEL}>Preview</span>
              </a>
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
