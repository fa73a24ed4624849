import { DocumentError } from '../document-error.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { locate } from '../node-index.ts';
import { updateListAt } from '../tree.ts';
import type { PageContent } from '../types.ts';

/** Removes a section or a component with everything inside it. A grid's cells go only with the column count. */
export function removeNode(doc: PageContent, args: { id: string }): PageContent {
  const { node, path } = locate(doc, args.id);
  if (node.type === 'gridCell') throw new DocumentError('not-allowed', MODEL_MESSAGES.gridCellsStay);
  const index = path[path.length - 1]!;
  return updateListAt(doc, path.slice(0, -1), (list) => [...list.slice(0, index), ...list.slice(index + 1)]);
}
