import { ImageOff } from 'lucide-react';
import { Fragment, memo, useMemo, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { definitionOf, isComponentType } from '@shared/landing-pages/component-definitions.ts';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { childrenOf } from '@shared/landing-pages/tree.ts';
import type { ComponentNode, PageContent, SectionNode, TreeNode } from '@shared/landing-pages/types.ts';
import type { LpConsent, RenderContext } from '@render/render-context.ts';
import { RenderNode } from '@render/render-node.tsx';
import { RenderSection } from '@render/render-page.tsx';
import { useCanvasActions, type CanvasActions } from './canvas-actions.ts';
import { hasInlineText, useInlineText } from './inline-text.tsx';
import { NodeToolbar } from './node-toolbar.tsx';
import type { EditorMode } from './store/editor-state.ts';
import { nodeLabel } from './store/step-names.ts';

/**
 * The frame of a node in edit mode: outlined, with its controls shown, while the pointer is over it
 * (or focus is in it) and not over (in) one of its child nodes: only the innermost node shows them
 * (node-frame in styles.css).
 */
const NODE_FRAME = 'node-frame relative outline-indigo-400 [&:hover:not(:has([data-node-id]:hover))]:outline-2 [&:hover:not(:has([data-node-id]:hover))]:outline-dashed';

/**
 * A section off screen is neither styled, laid out nor painted until it scrolls near: on a page of
 * a thousand components an edit then costs what the visible part costs. Its last size is kept.
 */
const SECTION_FRAME = `${NODE_FRAME} [content-visibility:auto] [contain-intrinsic-size:auto_40rem]`;

/** A component of a type no definition knows: its type, id and raw data. */
function UnknownComponent({ node }: { node: ComponentNode }) {
  return (
    <div className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{BUILDER_MESSAGES.unknownType}</p>
      <p>
        Type: <code>{node.type}</code> · ID: <code>{node.id}</code>
      </p>
      <pre className="mt-2 max-h-40 overflow-auto text-xs whitespace-pre-wrap">{JSON.stringify(node, null, 2)}</pre>
    </div>
  );
}

/** An image that did not load, in its place on the canvas. */
function BrokenImage({ src }: { src: string }) {
  return (
    <div role="img" aria-label={BUILDER_MESSAGES.imageFailed} className="flex min-h-32 flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-red-300 bg-red-50 p-4 text-center text-sm text-red-900">
      <ImageOff className="size-6" aria-hidden />
      <p className="font-semibold">{BUILDER_MESSAGES.imageFailed}</p>
      <p>{BUILDER_MESSAGES.checkUrl}</p>
      <p className="max-w-full truncate font-mono text-xs text-red-800">{src}</p>
    </div>
  );
}

/** The address of an image component that failed to load; a new address gets a new try. */
function useImageFailure(node: ComponentNode) {
  const src = node.type === 'image' && typeof node.props.src === 'string' ? node.props.src : '';
  const [failed, setFailed] = useState<string | null>(null);
  const onError = src ? (event: SyntheticEvent) => event.target instanceof HTMLImageElement && setFailed(src) : undefined;
  return { src, broken: failed !== null && failed === src, onError };
}

/**
 * One component with its editing chrome: its toolbar floats above its top-right corner, outside it,
 * so none of the component's own content lies under it (the strip above each section leaves room
 * above its first component), and takes the pointer only while the pointer is in the component
 * (node-toolbar-floating in styles.css). Memoised on the node's identity: an operation copies only
 * the path it changes, so an edit re-renders the edited node and its ancestors, nothing else.
 */
const EditableNode = memo(function EditableNode({ node, ctx, first, last }: { node: ComponentNode; ctx: RenderContext; first: boolean; last: boolean }) {
  const definition = definitionOf(node.type);
  const frame = useRef<HTMLDivElement>(null);
  const inline = useInlineText(node, frame);
  const image = useImageFailure(node);
  return (
    <div ref={frame} className={NODE_FRAME} data-node-id={node.id} onDoubleClick={inline.onDoubleClick} onErrorCapture={image.onError}>
      <NodeToolbar
        id={node.id}
        label={nodeLabel(node, false)}
        first={first}
        last={last}
        canHold={definition?.children === 'any'}
        fixed={node.type === 'gridCell'}
        editsText={hasInlineText(node.type)}
        className="node-toolbar-floating right-0 bottom-full"
      />
      {image.broken ? (
        <BrokenImage src={image.src} />
      ) : (
        <Fragment key={inline.contentKey}>{isComponentType(node.type) ? <RenderNode node={node} ctx={ctx} /> : <UnknownComponent node={node} />}</Fragment>
      )}
      {node.type === 'paragraph' && !inline.editing && !String(node.props.text ?? '').trim() ? (
        <p data-placeholder className="rounded border border-dashed border-gray-400 px-2 py-1 text-sm text-gray-600 italic">{BUILDER_MESSAGES.emptyParagraph}</p>
      ) : null}
    </div>
  );
});

function renderEditableChildren(parent: TreeNode, ctx: RenderContext) {
  const children = childrenOf(parent);
  return children.map((child, index) => <EditableNode key={child.id} node={child} ctx={ctx} first={index === 0} last={index === children.length - 1} />);
}

/** Overview: children as visitors get them, except that a type no definition knows shows its box rather than ending the canvas. */
function renderPreviewChildren(parent: TreeNode, ctx: RenderContext) {
  return childrenOf(parent).map((child) =>
    isComponentType(child.type) ? <RenderNode key={child.id} node={child} ctx={ctx} /> : <UnknownComponent key={child.id} node={child} />,
  );
}

const EDIT_CONTEXT: RenderContext = { renderChildren: renderEditableChildren };
/** The page without controls: overview mode, and the property editor's preview of a component. */
export const PREVIEW_CONTEXT: RenderContext = { renderChildren: renderPreviewChildren };

/**
 * A section on the canvas: its toolbar in a strip of its own above the section, so it never covers
 * the section's first component or takes its clicks (a toolbar takes the pointer while hidden too:
 * it must stay reachable with Tab and by a click that lands on it first).
 */
const EditableSection = memo(function EditableSection({ section, ctx, first, last }: { section: SectionNode; ctx: RenderContext; first: boolean; last: boolean }) {
  return (
    <div className={`${SECTION_FRAME} pt-7`} data-node-id={section.id}>
      <NodeToolbar id={section.id} label="Section" first={first} last={last} canHold isSection className="top-0 left-0" />
      <RenderSection section={section} ctx={ctx} />
      {section.components.length === 0 ? <p className="px-4 pb-6 text-center text-sm text-gray-500">This section is empty: use Add Component in its controls.</p> : null}
    </div>
  );
});

/**
 * A click on the canvas selects the innermost node under it, which the property editor shows when
 * open: one listener for the whole canvas, no work per node. It does not open the editor, whose width
 * would move the page under the pointer between the two clicks of a double-click (editing in place).
 * The page's own links and buttons do not act in the editor; a click into a text being edited in
 * place stays the editor's.
 */
function selectOnClick(event: MouseEvent, actions: CanvasActions) {
  const target = event.target;
  if (!(target instanceof Element) || (target instanceof HTMLElement && target.isContentEditable)) return;
  const frame = target.closest('[data-node-id]');
  const id = frame?.getAttribute('data-node-id');
  if (!id) return;
  event.preventDefault();
  actions.select(id);
}

/**
 * The page as visitors get it, drawn by the public renderer (src/render), its forms with the consent
 * statement /lp shows. In edit mode every section and component carries its controls; in overview
 * mode the page is shown as it is.
 */
export function BuilderCanvas({ doc, mode, consent }: { doc: PageContent; mode: EditorMode; consent?: LpConsent }) {
  const actions = useCanvasActions();
  const ctx = useMemo(() => ({ ...(mode === 'edit' ? EDIT_CONTEXT : PREVIEW_CONTEXT), consent }), [mode, consent]);
  const sections = useMemo(
    () =>
      doc.map((section, index) =>
        mode === 'edit' ? (
          <EditableSection key={section.id} section={section} ctx={ctx} first={index === 0} last={index === doc.length - 1} />
        ) : (
          <RenderSection key={section.id} section={section} ctx={ctx} />
        ),
      ),
    [doc, mode, ctx],
  );
  return (
    <main className="lp-canvas" data-drop-surface="canvas" onClick={mode === 'edit' ? (event) => selectOnClick(event, actions) : undefined}>
      {sections}
    </main>
  );
}
