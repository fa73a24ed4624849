import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { BUILDER_LIMITS, BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { locate } from '@shared/landing-pages/node-index.ts';
import type { PageContent, TreeNode } from '@shared/landing-pages/types.ts';
import { ComponentPreview } from './component-preview.tsx';
import { ComponentTree } from './component-tree.tsx';
import { FieldInput } from './field-input.tsx';
import { SECTION_FIELDS } from './section-fields.ts';
import { useEditor, useEditorStore } from './store/editor-store.ts';
import { selectDoc, selectSelectedId } from './store/selectors.ts';
import { StyleFields } from './style-fields.tsx';
import type { ClassCheck } from './use-canvas-css.ts';

const { min, max } = BUILDER_LIMITS.panelWidth;

/** A size of the panel, kept within its limits and remembered in this browser. */
function useStoredSize(key: string, limits: { min: number; max: number; default: number }, round: (value: number) => number) {
  const clamp = (value: number) => Math.min(limits.max, Math.max(limits.min, round(value)));
  const [size, setSize] = useState(() => {
    const stored = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(key));
    return Number.isFinite(stored) && stored > 0 ? clamp(stored) : limits.default;
  });
  useEffect(() => localStorage.setItem(key, String(size)), [key, size]);
  return [size, (next: number) => setSize(clamp(next))] as const;
}

/** The panel's width (300-800 px, default 384). */
export const usePanelWidth = () => useStoredSize('builder.panelWidth', BUILDER_LIMITS.panelWidth, Math.round);
/** The property editor's share of the panel's height, the component tree below it (0.15-0.85, default 0.65). */
export const useEditorRatio = () => useStoredSize('builder.editorRatio', BUILDER_LIMITS.editorRatio, (ratio) => Math.round(ratio * 100) / 100);

function findNode(doc: PageContent, id: string): { node: TreeNode; isSection: boolean } | null {
  try {
    const { node, path } = locate(doc, id);
    return { node, isSection: path.length === 1 };
  } catch {
    return null;
  }
}

/** The property editor: a form generated from the selected node's field definitions, applied live. */
export function PropertyPanel({
  outlineDoc,
  width,
  onWidth,
  ratio,
  onRatio,
  classCheck,
}: {
  /** The document the component tree draws (use-drawn-doc.ts). */
  outlineDoc: PageContent;
  width: number;
  onWidth: (width: number) => void;
  ratio: number;
  onRatio: (ratio: number) => void;
  classCheck: ClassCheck | null;
}) {
  const doc = useEditor(selectDoc);
  const selectedId = useEditor(selectSelectedId);
  const { dispatch } = useEditorStore();
  const pick = useCallback((id: string) => dispatch({ type: 'edit', id }), [dispatch]);
  const found = selectedId === null ? undefined : findNode(doc, selectedId);
  const fields = found ? (found.isSection ? SECTION_FIELDS : definitionOf(found.node.type)?.fields) : undefined;
  const label = found ? (found.isSection ? 'Section' : (definitionOf(found.node.type)?.label ?? found.node.type)) : '';
  // The preview draws what the canvas draws: a key shows there a frame after the field.
  const drawn = selectedId === null ? undefined : findNode(outlineDoc, selectedId);

  const headingId = useId();

  const startDrag = (event: React.PointerEvent) => {
    const startX = event.clientX;
    const startWidth = width;
    const move = (e: PointerEvent) => onWidth(startWidth + (startX - e.clientX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <aside aria-label="Property editor" className="relative flex shrink-0 flex-col border-l border-gray-200 bg-white" style={{ width }}>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the property editor"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={startDrag}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') onWidth(width + 16);
          else if (event.key === 'ArrowRight') onWidth(width - 16);
          else return;
          event.preventDefault();
        }}
        className="absolute inset-y-0 -left-1 z-10 w-2 cursor-col-resize hover:bg-indigo-300 focus-visible:bg-indigo-400 focus-visible:outline-none"
      />
      <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-gray-900">{found ? `${label} properties` : 'Properties'}</h2>
        <button type="button" aria-label="Close the property editor" onClick={() => dispatch({ type: 'closePanel' })} className="rounded p-1.5 text-gray-600 hover:bg-gray-100">
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {/*
        A form, though nothing submits it: after each change to a field that belongs to no form, Chrome's
        autofill gathers every other form-less control of the document (the canvas and the tree hold
        thousands of buttons), a task of ~4.5 ms per key on a page of 1,000 components (traced); in a
        form it reads the form's few fields (~1.5 ms).
      */}
      <form
        aria-labelledby={headingId}
        onSubmit={(event) => event.preventDefault()}
        className="min-h-0 space-y-4 overflow-y-auto p-4"
        style={{ flex: `${ratio} 1 0` }}
      >
        {selectedId === null ? <p className="text-sm text-gray-600">{BUILDER_MESSAGES.nothingSelected}</p> : null}
        {selectedId !== null && !found ? <p className="text-sm text-gray-600">{BUILDER_MESSAGES.selectionGone}</p> : null}
        {found && !fields ? <p className="text-sm text-gray-600">This component's type is unknown: it has no properties to edit.</p> : null}
        {drawn && !drawn.isSection ? <ComponentPreview node={drawn.node} /> : null}
        {found && fields
          ? Object.entries(fields).map(([name, field]) => (
              <FieldInput
                key={`${found.node.id}:${name}`}
                field={field}
                value={found.node.props[name] ?? field.default}
                classCheck={classCheck}
                onChange={(value, typed) => dispatch({ type: 'updateProp', id: found.node.id, key: name, value, typed })}
              />
            ))
          : null}
        {found && fields ? (
          <StyleFields
            key={found.node.id}
            node={found.node}
            isSection={found.isSection}
            onChange={(name, value) => dispatch({ type: 'updateStyle', id: found.node.id, key: name, value })}
          />
        ) : null}
      </form>
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label="Resize the component tree"
        aria-valuemin={BUILDER_LIMITS.editorRatio.min * 100}
        aria-valuemax={BUILDER_LIMITS.editorRatio.max * 100}
        aria-valuenow={Math.round(ratio * 100)}
        tabIndex={0}
        onPointerDown={(event) => {
          const aside = event.currentTarget.parentElement!.getBoundingClientRect();
          const move = (e: PointerEvent) => onRatio((e.clientY - aside.top) / aside.height);
          const up = () => {
            window.removeEventListener('pointermove', move);
            window.removeEventListener('pointerup', up);
          };
          window.addEventListener('pointermove', move);
          window.addEventListener('pointerup', up);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp') onRatio(ratio - 0.05);
          else if (event.key === 'ArrowDown') onRatio(ratio + 0.05);
          else return;
          event.preventDefault();
        }}
        className="h-1.5 shrink-0 cursor-row-resize border-y border-gray-200 bg-gray-50 hover:bg-indigo-300 focus-visible:bg-indigo-400 focus-visible:outline-none"
      />
      <div className="flex min-h-0 flex-col" style={{ flex: `${1 - ratio} 1 0` }}>
        <ComponentTree doc={outlineDoc} selectedId={selectedId} onPick={pick} />
      </div>
    </aside>
  );
}
