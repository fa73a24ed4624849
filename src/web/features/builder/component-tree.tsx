import { memo } from 'react';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { childrenOf } from '@shared/landing-pages/tree.ts';
import type { PageContent, TreeNode } from '@shared/landing-pages/types.ts';
import { cn } from '@web/lib/cn.ts';

const SNIPPET = 40;

/** A node's line in the tree: its kind, and the start of its text or title when it has one. */
function lineOf(node: TreeNode, isSection: boolean): string {
  const label = isSection ? 'Section' : (definitionOf(node.type)?.label ?? `${node.type} (unknown)`);
  const text = [node.props.text, node.props.title, node.props.label].find((value) => typeof value === 'string' && value.trim());
  return typeof text === 'string' ? `${label}: ${text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text}` : label;
}

function Branch({ nodes, sections, selectedId, onPick }: { nodes: readonly TreeNode[]; sections: boolean; selectedId: string | null; onPick: (id: string) => void }) {
  return (
    <ul className={cn('space-y-0.5', !sections && 'ml-3 border-l border-gray-200 pl-2')}>
      {nodes.map((node) => (
        <li key={node.id}>
          <button
            type="button"
            aria-current={node.id === selectedId ? 'true' : undefined}
            onClick={() => onPick(node.id)}
            className="w-full truncate rounded px-2 py-1 text-left text-sm text-gray-800 hover:bg-gray-100 aria-[current=true]:bg-indigo-100 aria-[current=true]:font-medium aria-[current=true]:text-indigo-900"
          >
            {lineOf(node, sections)}
          </button>
          {childrenOf(node).length > 0 ? <Branch nodes={childrenOf(node)} sections={false} selectedId={selectedId} onPick={onPick} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Every section and component of the page, nested as on the page, to pick one for the property editor (spec 2.5). */
export const ComponentTree = memo(function ComponentTree({ doc, selectedId, onPick }: { doc: PageContent; selectedId: string | null; onPick: (id: string) => void }) {
  return (
    <nav aria-label="Component tree" className="min-h-0 overflow-y-auto p-3">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">Component tree</h3>
      <Branch nodes={doc} sections selectedId={selectedId} onPick={onPick} />
    </nav>
  );
});
