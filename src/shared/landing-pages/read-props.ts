import { COMPONENT_DEFINITIONS, type ComponentType, type PropsOf } from './component-definitions.ts';
import type { TreeNode } from './types.ts';

/**
 * A component's props as its type's fields describe them: stored values over the defaults. The
 * renderer and the property panel read props through this, so a prop missing from older content
 * shows its default. Stored values were checked by the content schema or the update operations.
 */
export function readProps<T extends ComponentType>(node: TreeNode, type: T): PropsOf<T> {
  const fields = COMPONENT_DEFINITIONS[type].fields as Readonly<Record<string, { default: unknown }>>;
  const props: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) props[name] = node.props[name] ?? field.default;
  return props as PropsOf<T>;
}
