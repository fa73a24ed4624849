import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { createNewSection } from '@shared/landing-pages/create.ts';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { useLandingPageConsent } from './builder-api.ts';
import { BuilderCanvas } from './builder-canvas.tsx';
import { BuilderDnd } from './builder-dnd.tsx';
import { CanvasActionsContext, type CanvasActions } from './canvas-actions.ts';
import { InlineEditContext, type InlineEditRequests } from './inline-text.tsx';
import { PropertyPanel } from './property-panel.tsx';
import { useEditor, useEditorStore } from './store/editor-store.ts';
import { selectDoc, selectMode, selectShowPanel, selectTyped, selectViewport } from './store/selectors.ts';
import { useCanvasCss } from './use-canvas-css.ts';
import { useDrawnDoc } from './use-drawn-doc.ts';
import type { PanelSizes } from './use-panel-sizes.ts';
import { useSelectionReveal } from './use-selection-reveal.ts';
import { previewFrameStyle } from './viewport-css.ts';

/**
 * The canvas and the property editor beside it, inside drag and drop: the page drawn as visitors get
 * it (a key typed in the property editor a frame later, use-drawn-doc.ts), styled by the server's
 * Tailwind, with the selection outlined and brought into view.
 */
export function BuilderWorkspace({ actions, inlineEdits, panel }: { actions: CanvasActions; inlineEdits: InlineEditRequests; panel: PanelSizes }) {
  const store = useEditorStore();
  const doc = useEditor(selectDoc);
  const typed = useEditor(selectTyped);
  const mode = useEditor(selectMode);
  const viewport = useEditor(selectViewport);
  const showPanel = useEditor(selectShowPanel);
  const canvasRef = useRef<HTMLDivElement>(null);
  const drawnDoc = useDrawnDoc(doc, typed);
  const canvasCss = useCanvasCss(canvasRef, drawnDoc);
  const consent = useLandingPageConsent();
  useSelectionReveal(canvasRef, drawnDoc);

  return (
    <BuilderDnd getDoc={() => store.getState().doc} onDrop={(id, slot) => store.dispatch({ type: 'drop', id, slot })}>
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
                <BuilderCanvas doc={drawnDoc} mode={mode} consent={consent} />
              </InlineEditContext>
            </CanvasActionsContext>
          </div>
          {mode === 'edit' ? (
            <div className="mx-auto mt-4 flex max-w-6xl justify-center">
              <Button variant="secondary" onClick={() => store.dispatch({ type: 'addSection', section: createNewSection() })}>
                <Plus className="size-4" aria-hidden /> Add Section
              </Button>
            </div>
          ) : null}
        </div>
        {showPanel ? (
          <PropertyPanel
            outlineDoc={drawnDoc}
            width={panel.width}
            onWidth={panel.setWidth}
            ratio={panel.ratio}
            onRatio={panel.setRatio}
            classCheck={canvasCss?.check ?? null}
          />
        ) : null}
      </div>
    </BuilderDnd>
  );
}
