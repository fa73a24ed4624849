import { memo } from 'react';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { nodeIndex } from '@shared/landing-pages/node-index.ts';
import { nodeText } from '@shared/landing-pages/node-names.ts';
import { childrenOf } from '@shared/landing-pages/tree.ts';
import type { NodePath, PageContent, TreeNode } from '@shared/landing-pages/types.ts';
import { DragHandle } from './builder-dnd.tsx';

const labelOf = (node: TreeNode, isSection: boolean) => (isSection ? 'Section' : (definitionOf(node.type)?.label ?? `${node.type} (unknown)`));

/** A node's line in the tree: its kind, and what names it when something does. */
function lineOf(node: TreeNode, isSection: boolean): string {
  const label = labelOf(node, isSection);
  const text = nodeText(node, isSection);
  return text === undefined ? label : `${label}: ${text}`;
}

/**
 * One node's line and its children. Memoised on the node's identity: an operation copies only the
 * path it changes, so an edit re-renders the lines of the changed node and its ancestors. `selected`
 * is the selection's path below this node ([] for this node itself), null when it lies elsewhere, so
 * a new selection re-renders only the lines on the old and the new path.
 */
const TreeItem = memo(function TreeItem({
  node,
  isSection,
  selected,
  onPick,
}: {
  node: TreeNode;
  isSection: boolean;
  selected: NodePath | null;
  onPick: (id: string) => void;
}) {
  const children = childrenOf(node);
  return (
    // Off-screen sections of a long outline are not laid out or painted until they scroll near.
    <li data-tree-id={node.id} className={isSection ? '[content-visibility:auto] [contain-intrinsic-size:auto_10rem]' : undefined}>
      <div data-tree-row className="flex items-center gap-0.5">
        {node.type === 'gridCell' ? (
          <span className="size-6 shrink-0" />
        ) : (
          <DragHandle nodeId={node.id} label={labelOf(node, isSection)} surface="tree" className="shrink-0 text-gray-500 hover:bg-gray-100 hover:text-gray-900" />
        )}
        <button
          type="button"
          aria-current={selected?.length === 0 ? 'true' : undefined}
          onClick={() => onPick(node.id)}
          className="min-w-0 flex-1 truncate rounded px-2 py-1 text-left text-sm text-gray-800 hover:bg-gray-100 aria-[current=true]:bg-indigo-100 aria-[current=true]:font-medium aria-[current=true]:text-indigo-900"
        >
          {lineOf(node, isSection)}
        </button>
      </div>
      {children.length > 0 ? (
        <ul className="ml-3 space-y-0.5 border-l border-gray-200 pl-2">
          {children.map((child, index) => (
            <TreeItem key={child.id} node={child} isSection={false} selected={selected && selected[0] === index ? selected.slice(1) : null} onPick={onPick} />
          ))}
        </ul>
      ) : null}
    </li>
  );
});

function pathOf(doc: PageContent, id: string | null): NodePath | null {
  return (id !== null && nodeIndex(doc).get(id)?.path) || null;
}

/** Every section and component of the page, nested as on the page, to pick one for the property editor. */
export const ComponentTree = memo(function ComponentTree({ doc, selectedId, onPick }: { doc: PageContent; selectedId: string | null; onPick: (id: string) => void }) {
  const selectedPath = pathOf(doc, selectedId);
  return (
    <nav aria-label="Component tree" data-drop-surface="tree" className="min-h-0 overflow-y-auto p-3">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">Component tree</h3>
      <ul className="space-y-0.5">
        {doc.map((section, index) => (
          <TreeItem
            key={section.id}
            node={section}
            isSection
            selected={selectedPath && selectedPath[0] === index ? selectedPath.slice(1) : null}
            onPick={onPick}
          />
        ))}
      </ul>
    </nav>
  );
});
