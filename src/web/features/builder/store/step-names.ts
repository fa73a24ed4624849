import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { camelToCssProperty } from '@shared/landing-pages/custom-css.ts';
import { locate } from '@shared/landing-pages/node-index.ts';
import type { DropSlot } from '@shared/landing-pages/drop-slots.ts';
import type { PageContent, TreeNode } from '@shared/landing-pages/types.ts';
import { SECTION_FIELDS } from '@web/features/builder/section-fields.ts';

/**
 * The names of the history's steps, as the History dialog lists them and the undo button's tooltip
 * says them ('Undo: Changed heading text'): what changed, and on what.
 */

/** What the canvas and the tree call a node: 'Section', or its type's label ('Heading'). */
export const nodeLabel = (node: TreeNode, isSection: boolean) => (isSection ? 'Section' : (definitionOf(node.type)?.label ?? node.type));

/** What messages call a node: 'section', 'heading'. */
export function labelIn(doc: PageContent, id: string): string {
  const { node, path } = locate(doc, id);
  return nodeLabel(node, path.length === 1).toLowerCase();
}

/** A node as a step names it: a section by its place ('Section 2'), a component by its type ('Button'). */
function nodeName(doc: PageContent, id: string): string {
  const { node, path } = locate(doc, id);
  return path.length === 1 ? `Section ${path[0]! + 1}` : nodeLabel(node, false);
}

/** A place a component goes to: 'Section 2', 'grid cell 1 in Section 2', 'Container in Section 3'. */
function placeName(doc: PageContent, id: string): string {
  const { node, path } = locate(doc, id);
  const section = `Section ${path[0]! + 1}`;
  if (path.length === 1) return section;
  if (node.type === 'gridCell') return `grid cell ${path.at(-1)! + 1} in ${section}`;
  return `${nodeLabel(node, false)} in ${section}`;
}

/** Names keep their capitals (Tailwind, YouTube, URL); other words start in lower case inside a sentence. */
const PROPER = new Set(['Tailwind', 'YouTube']);
function inSentence(words: string): string {
  const first = words.split(' ')[0]!;
  if (PROPER.has(first) || /[A-Z]/.test(first.slice(1))) return words;
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** The label of a node's prop: its field's, or the prop's own name for one no field describes. */
function propLabel(node: TreeNode, isSection: boolean, key: string): string {
  const fields = isSection ? SECTION_FIELDS : definitionOf(node.type)?.fields;
  return fields?.[key]?.label ?? key;
}

export const STEP_NAMES = {
  /** A prop set in the property editor or on the canvas: 'Changed heading text'. */
  changedProp: (doc: PageContent, id: string, key: string) => {
    const { node, path } = locate(doc, id);
    const isSection = path.length === 1;
    return `Changed ${inSentence(nodeLabel(node, isSection))} ${inSentence(propLabel(node, isSection, key))}`;
  },
  /** A style: 'Changed heading font-size', 'Changed section custom CSS'. */
  changedStyle: (doc: PageContent, id: string, key: string) => {
    const { node, path } = locate(doc, id);
    return `Changed ${inSentence(nodeLabel(node, path.length === 1))} ${key === 'customCSS' ? 'custom CSS' : camelToCssProperty(key)}`;
  },
  added: (label: string) => `Added ${label}`,
  duplicated: (doc: PageContent, id: string) => `Duplicated ${nodeName(doc, id)}`,
  removed: (doc: PageContent, id: string) => `Removed ${nodeName(doc, id)}`,
  /** 'Moved Section 2 up', 'Moved Paragraph down'. */
  moved: (doc: PageContent, id: string, direction: 'up' | 'down') => `Moved ${nodeName(doc, id)} ${direction}`,
  /** Move Component: 'Moved Paragraph to grid cell 2 in Section 1'. */
  movedTo: (doc: PageContent, id: string, parentId: string) => `Moved ${nodeName(doc, id)} to ${placeName(doc, parentId)}`,
  /** Drag and drop: a component to its new holder, a section to its new place. */
  dropped: (doc: PageContent, id: string, slot: DropSlot) =>
    slot.parentId === null ? `Moved ${nodeName(doc, id)} to position ${slot.index + 1}` : `Moved ${nodeName(doc, id)} to ${placeName(doc, slot.parentId)}`,
  pasted: (label: string) => `Pasted ${label}`,
  pastedHtml: (sections: number) => `Pasted ${sections} ${sections === 1 ? 'section' : 'sections'} from HTML`,
  restoredVersion: (number: number) => `Restored version ${number}`,
  restoredDraft: 'Restored unsaved changes',
  reloaded: 'Reloaded the stored page',
  /** What undo and redo say they did, to screen readers. */
  undone: (name: string) => `Undone: ${name}`,
  redone: (name: string) => `Redone: ${name}`,
  /** The undo and redo buttons' tooltips. */
  undoTitle: (name: string | undefined) => (name ? `Undo: ${name}` : 'Undo'),
  redoTitle: (name: string | undefined) => (name ? `Redo: ${name}` : 'Redo'),
} as const;

/** The History dialog's list of this editor's steps. */
export const HISTORY_MESSAGES = {
  stepsTitle: 'Changes in this editor',
  noSteps: 'No changes yet.',
  /** After a step undo took back (redo makes it again). */
  undone: 'undone',
} as const;
