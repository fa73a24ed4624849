import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { isComponentType } from '@shared/landing-pages/component-definitions.ts';
import { childrenOf } from '@shared/landing-pages/tree.ts';
import type { TreeNode } from '@shared/landing-pages/types.ts';
import { RenderNode } from '@render/render-node.tsx';
import { PREVIEW_CONTEXT } from './builder-canvas.tsx';
import { CANVAS_CONTAINER } from './viewport-css.ts';

/** A component with more nodes than this is previewed on the canvas only: the panel would draw a second page. */
const PREVIEW_NODES = 60;

/**
 * Gives the preview the text colour and the background the component has around it on the canvas
 * (white text on a hero's gradient would vanish on the panel's white), read from the canvas once per selection.
 */
function paintLikeSurroundings(box: HTMLElement, id: string) {
  const frame = document.querySelector(`main.lp-canvas [data-node-id="${CSS.escape(id)}"]`);
  let around = frame?.parentElement ?? null;
  box.style.color = around ? getComputedStyle(around).color : '';
  while (around && !around.matches('main.lp-canvas')) {
    const style = getComputedStyle(around);
    if (style.backgroundImage !== 'none' || style.backgroundColor !== 'rgba(0, 0, 0, 0)') {
      box.style.background = `${style.backgroundImage} ${style.backgroundColor}`.replace(/^none /, '');
      return;
    }
    around = around.parentElement;
  }
  box.style.background = '';
}

function nodeCount(node: TreeNode): number {
  return childrenOf(node).reduce((count, child) => count + nodeCount(child), 1);
}

/**
 * The selected component as visitors get it, at the panel's width (the form's live
 * preview), drawn a frame after a key like the canvas. Inert: the canvas holds the page's controls
 * and what a screen reader reads. Its classes' CSS is the canvas's; width queries ask this box.
 *
 * A button that shows and hides it, not a <details>: Chromium's work for inserting a <details> grows
 * with the whole document (5 ms beside a page of 1,000 components, 0.1 ms for a <div>), and the
 * preview is inserted whenever a selection opens the panel (bench/builder.ts: add).
 */
export const ComponentPreview = memo(function ComponentPreview({ node }: { node: TreeNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(true);
  const toggleId = useId();
  const bodyId = useId();
  useLayoutEffect(() => {
    if (box.current) paintLikeSurroundings(box.current, node.id);
  }, [node.id]);
  if (!isComponentType(node.type)) return null;
  const small = nodeCount(node) <= PREVIEW_NODES;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <div role="group" aria-labelledby={toggleId} className="rounded-lg border border-gray-200">
      <button
        id={toggleId}
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex w-full cursor-pointer items-center gap-1 rounded-lg px-3 py-1.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase select-none focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Chevron aria-hidden className="size-3.5" />
        Preview
      </button>
      <div id={bodyId} hidden={!open} className="border-t border-gray-200">
        {small ? (
          <div ref={box} inert className="lp-canvas max-h-56 overflow-hidden bg-white p-3" style={{ containerType: 'inline-size', containerName: CANVAS_CONTAINER }}>
            <RenderNode node={node} ctx={PREVIEW_CONTEXT} />
          </div>
        ) : (
          <p className="px-3 py-2 text-sm text-gray-600">{BUILDER_MESSAGES.previewTooLarge}</p>
        )}
      </div>
    </div>
  );
});
