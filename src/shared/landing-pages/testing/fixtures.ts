/** Small, predictable documents for the model's tests (not used by the product). */
import { createComponent, createSection } from '../create.ts';
import type { IdMaker } from '../ids.ts';
import { walk } from '../tree.ts';
import type { ComponentNode, PageContent, TreeNode } from '../types.ts';

/** Ids 'heading-1', 'grid-2', ... in the order they are made. */
export function sequentialIds(): IdMaker {
  let next = 0;
  return (type) => `${type}-${++next}`;
}

export function withChildren(node: ComponentNode, components: readonly ComponentNode[]): ComponentNode {
  return { ...node, components };
}

/**
 * Two sections:
 *   main:  intro (heading), layout (grid: left [text], right []), box (container: cta (button), inner (container: photo (image)))
 *   other: items (list)
 */
export function samplePage(): PageContent {
  const ids = sequentialIds();
  const named = (node: ComponentNode, id: string): ComponentNode => ({ ...node, id });
  const grid = named(createComponent('grid', {}, ids), 'layout');
  const [left, right] = grid.components!;
  return [
    {
      ...createSection('section', {}, ids),
      id: 'main',
      components: [
        named(createComponent('heading', { text: 'Hello' }, ids), 'intro'),
        withChildren(grid, [withChildren(named(left!, 'left'), [named(createComponent('paragraph', {}, ids), 'text')]), named(right!, 'right')]),
        withChildren(named(createComponent('container', {}, ids), 'box'), [
          named(createComponent('button', {}, ids), 'cta'),
          withChildren(named(createComponent('container', {}, ids), 'inner'), [named(createComponent('image', {}, ids), 'photo')]),
        ]),
      ],
    },
    { ...createSection('section', {}, ids), id: 'other', components: [named(createComponent('list', {}, ids), 'items')] },
  ];
}

/** A container nested `levels` deep in a section ('level-1' holds 'level-2', ...); the last is empty. */
export function deepChain(levels: number): PageContent {
  let node: ComponentNode | null = null;
  for (let level = levels; level >= 1; level--) {
    const children: ComponentNode[] = node ? [node] : [];
    node = { ...createComponent('container', {}, () => `level-${level}`), components: children };
  }
  return [{ ...createSection('section', {}, () => 'deep'), components: node ? [node] : [] }];
}

/** Every node of the document by id. */
export function nodesById(doc: PageContent): Map<string, TreeNode> {
  const nodes = new Map<string, TreeNode>();
  walk(doc, (node) => nodes.set(node.id, node));
  return nodes;
}

/** The ids in document order: what tests compare to see nodes moved, added or gone. */
export function idsInOrder(doc: PageContent): string[] {
  const ids: string[] = [];
  walk(doc, (node) => ids.push(node.id));
  return ids;
}
