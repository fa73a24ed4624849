import { definitionOf } from './component-definitions.ts';
import { walk } from './tree.ts';
import type { PageContent, TreeNode } from './types.ts';

/** The class names of a class string, in order, without repeats or empty entries. */
export function splitClassNames(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set(value.split(/\s+/).filter(Boolean))];
}

export function joinClassNames(names: readonly string[]): string {
  return names.join(' ');
}

/** Longer tokens, or ones with markup or control characters, are junk no Tailwind class looks like. */
const plausibleClassName = /^[^\s<>\p{Cc}]{1,200}$/u;

/** The props of a node that hold class names: tailwindClasses on every node, plus its type's 'classes' fields. */
function classProps(node: TreeNode): string[] {
  const definition = definitionOf(node.type);
  if (!definition) return ['tailwindClasses'];
  return Object.entries(definition.fields)
    .filter(([, field]) => field.kind === 'classes')
    .map(([name]) => name);
}

/**
 * Every class name the document uses, sorted and without repeats: what the server compiles the
 * page's CSS from, so the page gets exactly the CSS it needs.
 */
export function collectClassNames(doc: PageContent): string[] {
  const names = new Set<string>();
  walk(doc, (node) => {
    for (const prop of classProps(node)) {
      for (const name of splitClassNames(node.props[prop])) if (plausibleClassName.test(name)) names.add(name);
    }
  });
  return [...names].sort();
}
