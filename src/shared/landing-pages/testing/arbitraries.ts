/** fast-check generators of random valid documents, for the model's property tests. */
import fc from 'fast-check';
import { COMPONENT_DEFINITIONS, COMPONENT_TYPES } from '../component-definitions.ts';
import { equalColumnWidths } from '../component-definitions.ts';
import { MAX_NESTING_DEPTH } from '../constants.ts';
import { createComponent, createSection } from '../create.ts';
import type { IdMaker } from '../ids.ts';
import type { ComponentNode, PageContent } from '../types.ts';

type Shape =
  | { readonly kind: 'leaf'; readonly type: (typeof LEAF_TYPES)[number] }
  | { readonly kind: 'holder'; readonly type: (typeof HOLDER_TYPES)[number]; readonly children: readonly Shape[] }
  | { readonly kind: 'grid'; readonly cells: readonly (readonly Shape[])[] }
  | { readonly kind: 'chain'; readonly levels: number };

const LEAF_TYPES = COMPONENT_TYPES.filter((type) => COMPONENT_DEFINITIONS[type].children === 'none');
const HOLDER_TYPES = ['container', 'section', 'heroWithNavigation'] as const;

const shapes = fc.letrec<{ node: Shape; leaf: Shape; holder: Shape; grid: Shape }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('holder'), tie('grid')),
  leaf: fc.constantFrom(...LEAF_TYPES).map((type): Shape => ({ kind: 'leaf', type })),
  holder: fc
    .record({ type: fc.constantFrom(...HOLDER_TYPES), children: fc.array(tie('node'), { maxLength: 4 }) })
    .map((holder): Shape => ({ kind: 'holder', ...holder })),
  grid: fc.array(fc.array(tie('node'), { maxLength: 3 }), { minLength: 1, maxLength: 4 }).map((cells): Shape => ({ kind: 'grid', cells })),
}));

/** Containers nested close to the depth limit, so operations near it get tried. */
const chains = fc.integer({ min: MAX_NESTING_DEPTH - 5, max: MAX_NESTING_DEPTH }).map((levels): Shape => ({ kind: 'chain', levels }));

function build(shape: Shape, depth: number, makeId: IdMaker): ComponentNode {
  switch (shape.kind) {
    case 'leaf':
      return createComponent(shape.type, {}, makeId);
    case 'holder': {
      const holder = createComponent(shape.type, {}, makeId);
      const children = depth < MAX_NESTING_DEPTH ? shape.children.map((child) => build(child, depth + 1, makeId)) : [];
      return { ...holder, components: children };
    }
    case 'grid': {
      if (depth >= MAX_NESTING_DEPTH) return createComponent('divider', {}, makeId);
      const columns = shape.cells.length;
      const grid = createComponent('grid', { columns, columnWidths: equalColumnWidths(columns) }, makeId);
      const cells = grid.components!.map((cell, index) => ({
        ...cell,
        components: depth + 1 < MAX_NESTING_DEPTH ? shape.cells[index]!.map((child) => build(child, depth + 2, makeId)) : [],
      }));
      return { ...grid, components: cells };
    }
    case 'chain': {
      let node: ComponentNode | null = null;
      for (let level = Math.min(shape.levels, MAX_NESTING_DEPTH - depth + 1); level >= 1; level--) {
        const children: ComponentNode[] = node ? [node] : [];
        node = { ...createComponent('container', {}, makeId), components: children };
      }
      return node ?? createComponent('spacer', {}, makeId);
    }
  }
}

/** A random valid page: 1 to 4 sections of up to 6 components each, nested containers, grids and deep chains. */
export const documents: fc.Arbitrary<PageContent> = fc
  .array(fc.array(fc.oneof({ weight: 6, arbitrary: shapes.node }, { weight: 1, arbitrary: chains }), { maxLength: 6 }), { minLength: 1, maxLength: 4 })
  .map((sections) => {
    let next = 0;
    const makeId: IdMaker = (type) => `${type}-d${++next}`;
    return sections.map((components) => ({ ...createSection('section', {}, makeId), components: components.map((shape) => build(shape, 1, makeId)) }));
  });
