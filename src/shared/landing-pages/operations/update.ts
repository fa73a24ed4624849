import { z } from 'zod';
import { definitionOf } from '../component-definitions.ts';
import { DocumentError } from '../document-error.ts';
import { fieldValueSchema } from '../fields.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { locate, shareIndex } from '../node-index.ts';
import { updateNodeAt } from '../tree.ts';
import type { NodePath, PageContent, Props, Styles, TreeNode } from '../types.ts';

/** A change to one node: props and styles to set; a value of undefined removes the key. */
export interface NodeEdit {
  readonly props?: Readonly<Record<string, unknown>>;
  readonly styles?: Readonly<Record<string, string | number | undefined>>;
}

const sectionClasses = z.string();

/** The checked, stored form of a prop value: the field's rules for a type's own props, anything else as given. */
function checkedValue(node: TreeNode, path: NodePath, name: string, value: unknown): unknown {
  const field = path.length === 1 ? undefined : definitionOf(node.type)?.fields[name];
  const schema = field ? fieldValueSchema(field) : path.length === 1 && name === 'tailwindClasses' ? sectionClasses : undefined;
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw new DocumentError('invalid-value', MODEL_MESSAGES.invalidValue(field?.label ?? name, result.error.issues[0]!.message));
  return result.data;
}

function applyChanges<V>(current: Readonly<Record<string, V>>, changes: Readonly<Record<string, unknown>>, check: (name: string, value: unknown) => V): Record<string, V> {
  const next = { ...current };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete next[name];
    else next[name] = check(name, value);
  }
  return next;
}

/**
 * Sets props and styles of a section or component. Props a type's definition names are checked
 * against their field (a value out of range is refused, a boolean checkbox becomes 'true'/'false'),
 * so the saved page always parses again. Only the node and its ancestors are copied.
 */
export function editNode(doc: PageContent, id: string, edit: NodeEdit): PageContent {
  const { node, path } = locate(doc, id);
  const props: Props = edit.props ? applyChanges(node.props, edit.props, (name, value) => checkedValue(node, path, name, value)) : node.props;
  const styles: Styles = edit.styles ? applyChanges(node.styles, edit.styles, (name, value) => checkedStyle(name, value)) : node.styles;
  const next = updateNodeAt(doc, path, (current) => ({ ...current, props, styles }));
  shareIndex(doc, next);
  return next;
}

function checkedStyle(name: string, value: unknown): string | number {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw new DocumentError('invalid-value', MODEL_MESSAGES.invalidValue(name, 'a style is text or a number'));
}

export function updateProps(doc: PageContent, args: { id: string; props: NodeEdit['props'] }): PageContent {
  return editNode(doc, args.id, { props: args.props });
}

export function updateStyles(doc: PageContent, args: { id: string; styles: NodeEdit['styles'] }): PageContent {
  return editNode(doc, args.id, { styles: args.styles });
}
