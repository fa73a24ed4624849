import { hasChildren, isTag, type AnyNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { pageContentSchema } from '../../src/shared/landing-pages/content-schema.ts';
import { convertHtml } from '../../src/shared/landing-pages/converter/convert-html.ts';
import { CONVERTER_CUTS, HTML_MAX_BYTES, HTML_READ_LIMITS } from '../../src/shared/landing-pages/converter/messages.ts';
import { parseHtml } from '../../src/shared/landing-pages/converter/parse-html.ts';
import { HOSTILE_SHAPES, type HostileShape } from '../../src/shared/landing-pages/converter/testing/hostile-markup.ts';
import { walk } from '../../src/shared/landing-pages/tree.ts';

/**
 * An attacker's page given to the converter (pasted, uploaded, or fetched from a URL they control,
 * in a staff member's tab): a megabyte of each hostile shape converts within the converter's limits
 * and says what it cut. Nesting past HTML_READ_LIMITS.depth is flattened, reading stops after
 * HTML_READ_LIMITS.elements elements, so the converter's work is bounded by the input's size (the
 * hostile-markup unit test counts that work; here the limits and the report are checked).
 */

const MEGABYTE = 1024 * 1024;
const { flattened, stopped, componentsFlattened } = CONVERTER_CUTS;

/**
 * What each shape, a megabyte of it, runs into: nesting past the depth limit, more elements than the
 * budget, components nested past the builder's limit, or none of them.
 */
const EXPECTED_CUTS: Record<HostileShape, readonly string[]> = {
  'unclosed <div>': [flattened],
  'unclosed <div> with text': [flattened],
  'unclosed <p>': [stopped],
  'unclosed <b>': [flattened],
  'unclosed <table>': [flattened],
  'nested tables': [flattened],
  'unclosed <li>': [stopped],
  'unclosed <a>': [stopped],
  'nested <ul><li>': [flattened],
  'nested inline elements': [flattened],
  'a link around a box, nested': [flattened, componentsFlattened],
  'nested quotes': [flattened],
  'closing tags of nothing open': [flattened],
  'nested SVG': [flattened],
  'nested grids': [flattened, componentsFlattened],
  'one element, a hundred thousand attributes': [],
  'a huge text node': [],
  'many sections': [stopped],
  'a wide table row': [stopped],
};

/** The tree the converter reads: how deep, and how many elements. */
function extent(root: AnyNode): { depth: number; elements: number } {
  let depth = 0;
  let elements = 0;
  const stack: Array<{ node: AnyNode; level: number }> = [{ node: root, level: 0 }];
  while (stack.length > 0) {
    const { node, level } = stack.pop()!;
    if (isTag(node)) {
      elements++;
      depth = Math.max(depth, level);
    }
    if (hasChildren(node)) for (const child of node.children) stack.push({ node: child, level: level + 1 });
  }
  return { depth, elements };
}

describe('the converter given a megabyte of hostile markup', () => {
  it.each(Object.entries(EXPECTED_CUTS) as Array<[HostileShape, readonly string[]]>)('%s: converts within the limits and says what it cut', (name, cuts) => {
    const html = HOSTILE_SHAPES[name](MEGABYTE);
    expect(html.length).toBeGreaterThanOrEqual(MEGABYTE);

    // The tree it reads: within the depth limit (an empty element, like an image, one level below) and the budget.
    const tree = extent(parseHtml(html).document);
    expect(tree.depth).toBeLessThanOrEqual(HTML_READ_LIMITS.depth + 1);
    expect(tree.elements).toBeLessThanOrEqual(HTML_READ_LIMITS.elements);

    const result = convertHtml(html);
    if (!result.ok) throw new Error(`${name}: ${result.message}`);
    expect(result.cuts).toEqual(cuts);
    // A page the builder takes: nesting within its limit, and no more components than elements read (plus their text).
    expect(pageContentSchema.safeParse(result.sections).success).toBe(true);
    let components = 0;
    walk(result.sections, () => components++);
    expect(components).toBeLessThanOrEqual(2 * HTML_READ_LIMITS.elements + 1);
  }, 120_000);

  it('converts the largest page it accepts, five megabytes of unclosed <div> and of <p>, within the same limits', () => {
    for (const name of ['unclosed <div>', 'unclosed <p>'] as const) {
      const html = HOSTILE_SHAPES[name](HTML_MAX_BYTES - 16);
      const result = convertHtml(html);
      if (!result.ok) throw new Error(`${name}: ${result.message}`);
      expect(result.cuts).toEqual(EXPECTED_CUTS[name]);
    }
  }, 120_000);
});
