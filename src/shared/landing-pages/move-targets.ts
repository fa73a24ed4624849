import { locate } from './node-index.ts';
import { fitsDepth, placementProblem } from './placement.ts';
import { walk } from './tree.ts';
import type { NodePath, PageContent } from './types.ts';

export interface MoveTarget {
  readonly id: string;
  readonly type: string;
  readonly kind: 'section' | 'gridCell' | 'component';
  readonly path: NodePath;
}

/**
 * Where the Move dialog may send a component: every section, grid cell and nested component that
 * may hold it, outside the component itself, within the depth limit. Sections are not moved there.
 */
export function listMoveTargets(doc: PageContent, id: string): MoveTarget[] {
  const source = locate(doc, id);
  if (source.path.length === 1 || source.node.type === 'gridCell') return [];
  const targets: MoveTarget[] = [];
  walk(doc, (node, path, parent) => {
    const inside = path.length >= source.path.length && source.path.every((index, level) => path[level] === index);
    const location = { path, parentId: parent?.id ?? null };
    if (inside || placementProblem(node, location, source.node) !== null || !fitsDepth(location, source.node)) return;
    targets.push({ id: node.id, type: node.type, kind: path.length === 1 ? 'section' : node.type === 'gridCell' ? 'gridCell' : 'component', path });
  });
  return targets;
}
