import { nodeIndex } from '../node-index.ts';
import type { PageContent } from '../types.ts';
import { editNode, type NodeEdit } from './update.ts';

/**
 * Property and style edits not yet merged into the document (spec 3.7), under keys made of the
 * section and the component ('section::component'); a section's own edits use the key
 * 'section::section'.
 */
export type TemporaryEdits = Readonly<Record<string, NodeEdit>>;

/** The component part of the key of a section's own edits. */
export const SECTION_EDIT_KEY = 'section';
const SEPARATOR = '::';

export function editKey(sectionId: string, componentId: string = SECTION_EDIT_KEY): string {
  return `${sectionId}${SEPARATOR}${componentId}`;
}

/**
 * The node a key's edits belong to, or null when it no longer exists. A component is found by its
 * id alone (ids are unique on a page), so edits follow a component that moved to another section.
 */
function editTarget(doc: PageContent, key: string): string | null {
  const at = key.lastIndexOf(SEPARATOR);
  if (at < 0) return null;
  const sectionId = key.slice(0, at);
  const componentId = key.slice(at + SEPARATOR.length);
  const id = componentId === SECTION_EDIT_KEY ? sectionId : componentId;
  const location = nodeIndex(doc).get(id);
  return location && (location.path.length === 1) === (componentId === SECTION_EDIT_KEY) ? id : null;
}

/**
 * Merges temporary edits into the sections (on save): props and styles of each key's node are set
 * as the update operations set them; keys of nodes that no longer exist are dropped.
 */
export function mergeTemporaryEdits(doc: PageContent, edits: TemporaryEdits): PageContent {
  let next = doc;
  for (const [key, edit] of Object.entries(edits)) {
    const id = editTarget(next, key);
    if (id !== null) next = editNode(next, id, edit);
  }
  return next;
}
