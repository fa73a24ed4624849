import { useQueryClient } from '@tanstack/react-query';
import { Bug, Eye, History, Keyboard, PencilRuler, Plus, Redo2, RefreshCw, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BUILDER_PAGE_TITLE, type LandingPage } from '@shared/landing-pages/api.ts';
import { BUILDER_LIMITS, BUILDER_MESSAGES, builderPath, NEW_PAGE_ID, SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import type { ComponentType } from '@shared/landing-pages/component-definitions.ts';
import { createComponent, createSection } from '@shared/landing-pages/create.ts';
import { defaultPage } from '@shared/landing-pages/default-page.ts';
import { locate, nodeIndex } from '@shared/landing-pages/node-index.ts';
import { addComponent, addSection } from '@shared/landing-pages/operations/add.ts';
import { duplicateNode } from '@shared/landing-pages/operations/duplicate.ts';
import { moveDown, moveTo, moveUp } from '@shared/landing-pages/operations/move.ts';
import { removeNode } from '@shared/landing-pages/operations/remove.ts';
import { updateProps } from '@shared/landing-pages/operations/update.ts';
import { parseContent, serializeContent } from '@shared/landing-pages/parse-content.ts';
import { walk } from '@shared/landing-pages/tree.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { AddComponentDialog, type AddTarget } from './add-component-dialog.tsx';
import { builderPageKey, createBuilderPage, fetchPage, isSaveConflict, saveBuilderPage, STALE_AFTER_SAVE } from './builder-api.ts';
import { BuilderCanvas, nodeLabel } from './builder-canvas.tsx';
import { BuilderDnd } from './builder-dnd.tsx';
import { CanvasActionsContext, type CanvasActions } from './canvas-actions.ts';
import { CLIPBOARD_MESSAGES, clipText } from './clipboard.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { editorReducer, initialEditorState, isDirty } from './editor-store.ts';
import { InlineEditContext, InlineEditRequests, useInlineEditKey } from './inline-text.tsx';
import { PropertyPanel, useEditorRatio, usePanelWidth } from './property-panel.tsx';
import { DebugDialog } from './debug-dialog.tsx';
import { DraftDialog } from './draft-dialog.tsx';
import { HistoryDialog } from './history-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { useBuilderShortcuts } from './use-builder-shortcuts.ts';
import { useCanvasClipboard } from './use-canvas-clipboard.ts';
import { useCanvasCss } from './use-canvas-css.ts';
import { useDraftRecovery } from './use-draft-recovery.ts';
import { useDrawnDoc } from './use-drawn-doc.ts';
import { previewFrameStyle, type ViewportId } from './viewport-css.ts';
import { ViewportSwitch } from './viewport-switch.tsx';

const LIST_PATH = '/crm/landing-pages';

/**
 * The page the builder opens with: the stored content, or the default sections when there is none or
 * it does not parse (spec 4), then with why, since a save would replace what is stored.
 */
function openingDoc(page: LandingPage | null): { doc: PageContent; unreadable: string | null } {
  const parsed = parseContent(page?.content);
  if (parsed.ok) return { doc: parsed.content, unreadable: null };
  return { doc: defaultPage(), unreadable: page?.content.trim() ? BUILDER_MESSAGES.openedDefault(parsed.details[0] ?? parsed.message) : null };
}

/** What the messages call a node: 'section', 'heading', ... */
function labelIn(doc: PageContent, id: string) {
  const { node, path } = locate(doc, id);
  return nodeLabel(node, path.length === 1).toLowerCase();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const now = () => new Date().toLocaleTimeString();

type Banner = { readonly tone: 'success' | 'error'; readonly text: string };

/** The full-screen builder (spec 001, 2.3): header, canvas, property editor and dialogs around one editor store. */
export function BuilderEditor({ page }: { page: LandingPage | null }) {
  const [opening] = useState(() => openingDoc(page));
  const [state, dispatch] = useReducer(editorReducer, opening.doc, initialEditorState);
  // The latest state, for handlers that must not change identity (the canvas chrome's actions).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const pageId = page?.id ?? null;
  const navigate = useNavigate();
  const client = useQueryClient();

  const [panelOpen, setPanelOpen] = useState(false);
  const [panelWidth, setPanelWidth] = usePanelWidth();
  const [editorRatio, setEditorRatio] = useEditorRatio();
  const [addTarget, setAddTarget] = useState<AddTarget | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [debugOpen, setDebugOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(opening.unreadable === null ? null : { tone: 'error', text: opening.unreadable });
  const [viewport, setViewport] = useState<ViewportId>('desktop');
  const [inlineEdits] = useState(() => new InlineEditRequests());
  const saving = useRef(false);
  // The version of the page this editor's work starts from; a save names it, so the server can refuse
  // one when someone else saved in between (then `conflict` holds the page as stored now).
  const baseVersion = useRef(page?.version ?? 0);
  const [conflict, setConflict] = useState<{ current: LandingPage; close: boolean } | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const drawnDoc = useDrawnDoc(state.doc, state.typed);
  const canvasCss = useCanvasCss(canvasRef, drawnDoc);
  const dirty = isDirty(state);
  const [openingContent] = useState(() => serializeContent(state.doc));
  const draft = useDraftRecovery({ draftKey: pageId ?? NEW_PAGE_ID, doc: state.doc, dirty, openingContent, lastSaved: page?.updated_at ?? null });

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BUILDER_LIMITS.statusMs);
    return () => clearTimeout(timer);
  }, [banner]);

  // A change the document model refused says why, like any failure (adjusted while rendering, as React advises).
  const [shownRefusal, setShownRefusal] = useState(state.refused);
  if (state.refused !== shownRefusal) {
    setShownRefusal(state.refused);
    if (state.refused) setBanner({ tone: 'error', text: state.refused });
  }

  // A closed tab or a typed address would drop unsaved work: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = useCallback(
    async (close = false) => {
      if (saving.current) return;
      saving.current = true;
      const doc = stateRef.current.doc;
      const content = serializeContent(doc);
      try {
        const saved = pageId ? await saveBuilderPage(pageId, content, baseVersion.current) : await createBuilderPage(content);
        baseVersion.current = saved.version;
        dispatch({ type: 'saved', doc });
        client.setQueryData(builderPageKey(saved.id), saved);
        await Promise.all(STALE_AFTER_SAVE.map((queryKey) => client.invalidateQueries({ queryKey })));
        if (close) await navigate(LIST_PATH);
        else {
          if (!pageId) await navigate(builderPath(saved.id), { replace: true });
          setBanner({ tone: 'success', text: BUILDER_MESSAGES.saved(now()) });
        }
      } catch (error) {
        if (pageId && isSaveConflict(error)) {
          const current = await fetchPage(pageId).catch(() => null);
          if (current) return setConflict({ current, close });
        }
        console.error('Save failed', error);
        setBanner({ tone: 'error', text: BUILDER_MESSAGES.saveFailed(errorText(error)) });
      } finally {
        saving.current = false;
      }
    },
    [client, navigate, pageId],
  );

  const reload = async () => {
    if (!pageId) return setBanner({ tone: 'error', text: BUILDER_MESSAGES.noPageId });
    try {
      loadStored(await fetchPage(pageId));
    } catch (error) {
      setBanner({ tone: 'error', text: BUILDER_MESSAGES.reloadFailed(errorText(error)) });
    }
  };

  /** Reload's second half: the stored page replaces the editor's, and later saves start from its version. */
  const loadStored = (stored: LandingPage) => {
    if (!stored.content.trim()) return setBanner({ tone: 'error', text: BUILDER_MESSAGES.noContent });
    const parsed = parseContent(stored.content);
    if (!parsed.ok) return setBanner({ tone: 'error', text: BUILDER_MESSAGES.invalidJson(parsed.details[0] ?? parsed.message) });
    baseVersion.current = stored.version;
    dispatch({ type: 'load', doc: parsed.content });
    setBanner({ tone: 'success', text: BUILDER_MESSAGES.reloaded(now()) });
  };

  const close = () => {
    if (isDirty(stateRef.current) && !window.confirm(BUILDER_MESSAGES.closeUnsaved)) return;
    void navigate(LIST_PATH);
  };

  const actions = useMemo<CanvasActions>(() => {
    const labelOf = (id: string) => labelIn(stateRef.current.doc, id);
    return {
      select: (id) => dispatch({ type: 'select', id }),
      edit: (id) => {
        dispatch({ type: 'select', id });
        setPanelOpen(true);
      },
      moveUp: (id) => dispatch({ type: 'change', change: (doc) => moveUp(doc, { id }) }),
      moveDown: (id) => dispatch({ type: 'change', change: (doc) => moveDown(doc, { id }) }),
      duplicate: (id) => dispatch({ type: 'change', change: (doc) => duplicateNode(doc, { id }) }),
      remove: (id, label) => {
        if (!window.confirm(BUILDER_MESSAGES.removeConfirm(label.toLowerCase()))) return;
        const selected = stateRef.current.selectedId;
        dispatch({ type: 'change', change: (doc) => removeNode(doc, { id }), select: selected === id ? null : selected });
      },
      addInto: (id) => {
        const { doc, selectedId } = stateRef.current;
        const selectedIn = selectedId !== null && nodeIndex(doc).get(selectedId)?.parentId === id;
        setAddTarget({ id, label: labelOf(id), after: selectedIn ? { id: selectedId, label: labelOf(selectedId) } : null });
      },
      move: (id) => setMovingId(id),
      copy: (id) => {
        const text = clipText(stateRef.current.doc, id);
        if (text === null) return;
        dispatch({ type: 'select', id });
        navigator.clipboard.writeText(text).then(
          () => setBanner({ tone: 'success', text: CLIPBOARD_MESSAGES.copied(labelOf(id)) }),
          (error: unknown) => setBanner({ tone: 'error', text: CLIPBOARD_MESSAGES.copyFailed(errorText(error)) }),
        );
      },
      editText: (id) => {
        dispatch({ type: 'select', id });
        inlineEdits.request(id);
      },
      setText: (id, prop, text) => dispatch({ type: 'change', change: (doc) => updateProps(doc, { id, props: { [prop]: text } }), select: id }),
    };
  }, [inlineEdits]);

  const addType = (type: ComponentType, afterSelected: boolean) => {
    if (!addTarget) return;
    const component = createComponent(type);
    const after = afterSelected ? addTarget.after : null;
    const add = (doc: PageContent) => {
      const position = after ? nodeIndex(doc).get(after.id)?.path.at(-1) : undefined;
      return addComponent(doc, { parentId: addTarget.id, component, index: position === undefined ? undefined : position + 1 });
    };
    dispatch({ type: 'change', change: add, select: component.id });
    setAddTarget(null);
    setPanelOpen(true);
  };

  /** Ctrl/Cmd+Right and Left: the next or previous node in page order, in the property editor. */
  const stepSelection = (step: 1 | -1) => {
    const { doc, selectedId } = stateRef.current;
    const order: string[] = [];
    walk(doc, (node) => order.push(node.id));
    if (order.length === 0) return;
    const at = selectedId === null ? -1 : order.indexOf(selectedId);
    const next = order[at === -1 ? 0 : Math.min(order.length - 1, Math.max(0, at + step))]!;
    actions.edit(next);
  };

  const toggleEdit = () => {
    dispatch({ type: 'mode', mode: stateRef.current.mode === 'edit' ? 'overview' : 'edit' });
    setPanelOpen(false);
  };

  useCanvasClipboard({
    state: () => stateRef.current,
    dispatch,
    label: (id) => labelIn(stateRef.current.doc, id),
    notify: (tone, text) => setBanner({ tone, text }),
  });
  useInlineEditKey(inlineEdits, () => (stateRef.current.mode === 'edit' ? stateRef.current.selectedId : null), (id) => {
    try {
      return locate(stateRef.current.doc, id).node.type;
    } catch {
      return '';
    }
  });

  useBuilderShortcuts({
    save: () => void save(),
    toggleEdit,
    overview: () => dispatch({ type: 'mode', mode: 'overview' }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    shortcuts: () => setShortcutsOpen(true),
    resetPanel: () => {
      setPanelWidth(BUILDER_LIMITS.panelWidth.default);
      setEditorRatio(BUILDER_LIMITS.editorRatio.default);
    },
    reload: () => void reload(),
    nextComponent: () => stepSelection(1),
    previousComponent: () => stepSelection(-1),
  });

  const selected = state.selectedId;
  // The selection's outline (styles.css): an attribute on its frame, looked for again only when the
  // selection changed or a change drew its frame anew (a search of the canvas costs a millisecond).
  // A <style> naming it made the browser rework its whole stylesheet each time.
  // A new selection (from the tree, Ctrl/Cmd+Right, an add) is brought into view: the canvas is where
  // the property editor's changes show live (spec 2.5).
  const selectedFrame = useRef<Element | null>(null);
  const revealed = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = state.mode === 'edit' ? selected : null;
    const marked = selectedFrame.current;
    if (marked?.isConnected && marked.getAttribute('data-node-id') === id) return;
    marked?.removeAttribute('data-selected');
    selectedFrame.current = id ? (canvasRef.current?.querySelector(`[data-node-id="${CSS.escape(id)}"]`) ?? null) : null;
    selectedFrame.current?.setAttribute('data-selected', '');
    if (selectedFrame.current && revealed.current !== id) selectedFrame.current.scrollIntoView({ block: 'nearest' });
    revealed.current = id;
  }, [selected, state.mode, drawnDoc]);
  // Open until closed, also while nothing is selected (after the selected component is deleted): the
  // canvas keeps its width, and the next selection fills the panel instead of laying out the page anew.
  const showPanel = state.mode === 'edit' && panelOpen;
  const title = page?.title ?? BUILDER_PAGE_TITLE;

  return (
    <div className="flex h-dvh flex-col bg-gray-100">
      <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-4 py-2">
        <h1 className="mr-2 min-w-0 truncate text-base font-semibold text-gray-900">
          {title}
          <span className="ml-2 text-xs font-normal text-gray-600">{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
        </h1>
        <div role="group" aria-label="Mode" className="flex rounded-lg border border-gray-300 p-0.5">
          <Button size="sm" variant={state.mode === 'overview' ? 'primary' : 'ghost'} aria-pressed={state.mode === 'overview'} onClick={() => dispatch({ type: 'mode', mode: 'overview' })}>
            <Eye className="size-4" aria-hidden /> Overview
          </Button>
          <Button size="sm" variant={state.mode === 'edit' ? 'primary' : 'ghost'} aria-pressed={state.mode === 'edit'} onClick={() => dispatch({ type: 'mode', mode: 'edit' })}>
            <PencilRuler className="size-4" aria-hidden /> Edit
          </Button>
        </div>
        <ViewportSwitch value={viewport} onChange={setViewport} />
        <Button size="sm" variant="ghost" aria-label="Undo" title="Undo" disabled={state.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>
          <Undo2 className="size-4" aria-hidden />
        </Button>
        <Button size="sm" variant="ghost" aria-label="Redo" title="Redo" disabled={state.future.length === 0} onClick={() => dispatch({ type: 'redo' })}>
          <Redo2 className="size-4" aria-hidden />
        </Button>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button size="sm" variant="ghost" onClick={() => setShortcutsOpen(true)}>
            <Keyboard className="size-4" aria-hidden /> Shortcuts
          </Button>
          {pageId ? (
            <>
              <Button size="sm" variant="secondary" onClick={() => void reload()}>
                <RefreshCw className="size-4" aria-hidden /> Reload
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDebugOpen(true)}>
                <Bug className="size-4" aria-hidden /> Debug
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setHistoryOpen(true)}>
                <History className="size-4" aria-hidden /> History
              </Button>
            </>
          ) : null}
          <Button size="sm" variant="secondary" onClick={close}>
            Close
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void save(true)}>
            Save &amp; Close
          </Button>
          <Button size="sm" onClick={() => void save()}>
            Save
          </Button>
        </div>
      </header>
      <div role="status" aria-live="polite" className="empty:hidden">
        {banner ? (
          <p className={cn('px-4 py-2 text-sm font-medium', banner.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900')}>{banner.text}</p>
        ) : null}
      </div>
      <BuilderDnd getDoc={() => stateRef.current.doc} onDrop={(change, id) => dispatch({ type: 'change', change, select: id })}>
        <div className="flex min-h-0 flex-1">
          <div ref={canvasRef} className="min-w-0 flex-1 overflow-auto p-4" aria-label="Page canvas" role="region">
            {canvasCss ? <style>{canvasCss.css}</style> : null}
            {canvasCss ? null : <p className="sr-only">Loading the page's styles</p>}
            <div
              className={cn('mx-auto max-w-6xl bg-white shadow-sm', !canvasCss && 'invisible')}
              style={previewFrameStyle(viewport)}
              data-viewport={viewport}
              aria-busy={!canvasCss}
            >
              <CanvasActionsContext value={actions}>
                <InlineEditContext value={inlineEdits}>
                  <BuilderCanvas doc={drawnDoc} mode={state.mode} />
                </InlineEditContext>
              </CanvasActionsContext>
            </div>
            {state.mode === 'edit' ? (
              <div className="mx-auto mt-4 flex max-w-6xl justify-center">
                <Button variant="secondary" onClick={() => dispatch({ type: 'change', change: (doc) => addSection(doc, { section: createSection() }) })}>
                  <Plus className="size-4" aria-hidden /> Add Section
                </Button>
              </div>
            ) : null}
          </div>
          {showPanel ? (
            <PropertyPanel
              doc={state.doc}
              outlineDoc={drawnDoc}
              selectedId={selected}
              dispatch={dispatch}
              onClose={() => setPanelOpen(false)}
              width={panelWidth}
              onWidth={setPanelWidth}
              ratio={editorRatio}
              onRatio={setEditorRatio}
              onPick={actions.edit}
              classCheck={canvasCss?.check ?? null}
            />
          ) : null}
        </div>
      </BuilderDnd>
      <AddComponentDialog target={addTarget} onPick={addType} onClose={() => setAddTarget(null)} />
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <MoveDialog
        doc={state.doc}
        movingId={movingId}
        onClose={() => setMovingId(null)}
        onMove={(parentId) => {
          const id = movingId!;
          dispatch({ type: 'change', change: (doc) => moveTo(doc, { id, parentId }), select: id });
          setMovingId(null);
        }}
      />
      <ConflictDialog
        current={conflict?.current ?? null}
        onClose={() => setConflict(null)}
        onReload={() => {
          setConflict(null);
          if (conflict) loadStored(conflict.current);
        }}
        onOverwrite={() => {
          setConflict(null);
          if (!conflict) return;
          // Mine replaces theirs: the next save starts from the version that refused it.
          baseVersion.current = conflict.current.version;
          void save(conflict.close);
        }}
      />
      <DraftDialog
        offer={draft.offer}
        lastSaved={page?.updated_at ?? null}
        onDismiss={draft.dismiss}
        onDiscard={draft.discard}
        onRestore={() => {
          const doc = draft.restore();
          // Undoable like any change: undo goes back to the page as stored.
          if (doc) dispatch({ type: 'change', change: () => doc, select: null });
        }}
      />
      {pageId ? (
        <HistoryDialog
          pageId={pageId}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          onRestore={(doc, version) => {
            // An ordinary change: undo brings back what the editor held, and nothing is saved until the user saves.
            dispatch({ type: 'change', change: () => doc, select: null });
            setBanner({ tone: 'success', text: SAFETY_MESSAGES.restored(version.created_at.toLocaleString()) });
          }}
        />
      ) : null}
      {page ? <DebugDialog doc={state.doc} pageId={page.id} fileName={`${page.slug}.json`} open={debugOpen} onClose={() => setDebugOpen(false)} /> : null}
    </div>
  );
}
