import { childrenOf } from './tree.ts';
import type { TreeNode } from './types.ts';

const SNIPPET = 40;

/** The types whose text prop the page shows as a heading. */
const HEADING_PROPS: Readonly<Record<string, string>> = { heading: 'text', hero: 'title', heroWithNavigation: 'title', cta: 'title', pricingCard: 'title' };

const filled = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The text of the first heading inside a node, in page order. */
function firstHeading(node: TreeNode): string | undefined {
  for (const child of childrenOf(node)) {
    const prop = HEADING_PROPS[child.type];
    const own = prop === undefined ? undefined : filled(child.props[prop]);
    const found = own ?? firstHeading(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What identifies a node to the user beside its type, wherever they pick one (the component tree,
 * the Move dialog): its own text, title or label; a section without a title, its first heading.
 * Long texts are cut to their start.
 */
export function nodeText(node: TreeNode, isSection: boolean): string | undefined {
  const text = filled(node.props.text) ?? filled(node.props.title) ?? filled(node.props.label) ?? (isSection ? firstHeading(node) : undefined);
  return text !== undefined && text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text;
}
