/**
 * What a stored page costs to render, measured on the parsed JSON before anything is validated or
 * rendered: rendering time grows with the elements drawn, not with the bytes stored. Every section
 * and component is one unit, and every entry of a prop that holds several (a list's items, a select's
 * options, a map of links) one more. The walk is iterative, so hostile nesting costs no more than the
 * JSON.parse before it.
 */
export function renderUnits(doc: unknown): number {
  if (!Array.isArray(doc)) return 0;
  let units = 0;
  const lists: unknown[][] = [doc];
  while (lists.length > 0) {
    for (const node of lists.pop()!) {
      if (!node || typeof node !== 'object') continue;
      units += nodeUnits(node);
      const { components } = node as { components?: unknown };
      if (Array.isArray(components)) lists.push(components);
    }
  }
  return units;
}

/** One node's own units, without its children's. */
export function nodeUnits(node: { props?: unknown }): number {
  let units = 1;
  if (!node.props || typeof node.props !== 'object') return units;
  for (const value of Object.values(node.props)) {
    if (Array.isArray(value)) units += value.length;
    else if (value && typeof value === 'object') units += Object.keys(value).length;
  }
  return units;
}
