/**
 * Property-based tests: random valid documents and random sequences of every operation. Whatever
 * happens, the document stays valid (ids unique, nesting within the limit, grids with one cell per
 * column), nothing is lost or duplicated, an operation copies only the paths it changes, and a move
 * followed by its inverse restores the document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPONENT_DEFINITIONS, COMPONENT_TYPES } from './component-definitions.ts';
import { HEADING_LEVELS, MAX_NESTING_DEPTH } from './constants.ts';
import { pageContentSchema } from './content-schema.ts';
import { createComponent, createSection } from './create.ts';
import { DocumentError } from './document-error.ts';
import type { IdMaker } from './ids.ts';
import { listMoveTargets } from './move-targets.ts';
import { nodeIndex } from './node-index.ts';
import { addComponent, addSection } from './operations/add.ts';
import { duplicateNode } from './operations/duplicate.ts';
import { setGridColumns } from './operations/grid.ts';
import { moveDown, moveTo, moveUp } from './operations/move.ts';
import { removeNode } from './operations/remove.ts';
import { TEXT_STYLES, setHeadingLevel, toggleTextStyle } from './operations/text-styles.ts';
import { editNode } from './operations/update.ts';
import { documents } from './testing/arbitraries.ts';
import { nodesById } from './testing/fixtures.ts';
import { childrenOf, subtreeIds, walk } from './tree.ts';
import type { PageContent, TreeNode } from './types.ts';

const PALETTE = COMPONENT_TYPES.filter((type) => COMPONENT_DEFINITIONS[type].inPalette);
const pick = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];
/** Above this size a run stops duplicating: repeated copies of copies would only make runs slow. */
const DUPLICATE_SIZE_LIMIT = 400;

/** Which parent an add or a move picks: any node (often refused), one that holds components, or one of the deepest. */
const parentChoice = fc.constantFrom('any', 'holder', 'deepest');

const operations = fc.oneof(
  fc.record({ kind: fc.constant('addComponent'), parent: fc.nat(), choice: parentChoice, type: fc.constantFrom(...PALETTE), at: fc.option(fc.nat()) }),
  fc.record({ kind: fc.constant('addSection'), at: fc.option(fc.nat()) }),
  fc.record({ kind: fc.constant('remove'), target: fc.nat() }),
  fc.record({ kind: fc.constantFrom('moveUp', 'moveDown'), target: fc.nat() }),
  fc.record({ kind: fc.constant('moveTo'), target: fc.nat(), parent: fc.nat(), choice: parentChoice, at: fc.option(fc.nat()) }),
  fc.record({ kind: fc.constant('duplicate'), target: fc.nat() }),
  fc.record({ kind: fc.constant('setColumns'), target: fc.nat(), columns: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('toggle'), target: fc.nat(), anyTarget: fc.boolean(), style: fc.constantFrom(...TEXT_STYLES) }),
  fc.record({ kind: fc.constant('level'), target: fc.nat(), level: fc.constantFrom(...HEADING_LEVELS) }),
  fc.record({ kind: fc.constant('update'), target: fc.nat(), text: fc.string({ maxLength: 8 }) }),
);
type Operation = typeof operations extends fc.Arbitrary<infer O> ? O : never;

interface Step {
  next: PageContent;
  /** Nodes whose ancestors (and themselves) the operation may copy; every other node keeps its identity. */
  touched: Array<string | null>;
  /** The ids the document must have afterwards, or how many new ids it gains (duplicate, grid cells). */
  expectIds: (before: Set<string>) => Set<string> | { removed: string[]; added: number };
  /** A node that moved and must be the very same object afterwards. */
  moved?: TreeNode;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function allNodes(doc: PageContent): TreeNode[] {
  const nodes: TreeNode[] = [];
  walk(doc, (node) => nodes.push(node));
  return nodes;
}

/** Runs one random operation; undefined when the document has nothing it could apply to. */
function apply(doc: PageContent, op: Operation, makeId: IdMaker): Step | undefined {
  const nodes = allNodes(doc);
  const components = nodes.filter((node) => nodeIndex(doc).get(node.id)!.path.length > 1);
  const holders = nodes.filter((node) => nodeIndex(doc).get(node.id)!.path.length === 1 || COMPONENT_DEFINITIONS[node.type as 'container']?.children === 'any');
  const parentOf = (id: string) => nodeIndex(doc).get(id)!.parentId;
  const depth = (node: TreeNode) => nodeIndex(doc).get(node.id)!.path.length;
  const parents = { any: nodes, holder: holders, deepest: holders.filter((node) => depth(node) >= Math.max(...holders.map(depth)) - 2) };
  switch (op.kind) {
    case 'addComponent': {
      const parent = pick(parents[op.choice], op.parent);
      if (!parent) return undefined;
      const component = createComponent(op.type, {}, makeId);
      const index = op.at === null ? undefined : op.at % (childrenOf(parent).length + 1);
      const next = addComponent(doc, { parentId: parent.id, component, index });
      return { next, touched: [parent.id], expectIds: (before) => new Set([...before, ...subtreeIds(component)]) };
    }
    case 'addSection': {
      const section = createSection('section', {}, makeId);
      const next = addSection(doc, { section, index: op.at === null ? undefined : op.at % (doc.length + 1) });
      return { next, touched: [null], expectIds: (before) => new Set([...before, section.id]) };
    }
    case 'remove': {
      const target = pick(nodes, op.target);
      if (!target) return undefined;
      const gone = new Set(subtreeIds(target));
      return { next: removeNode(doc, { id: target.id }), touched: [parentOf(target.id)], expectIds: (before) => new Set([...before].filter((id) => !gone.has(id))) };
    }
    case 'moveUp':
    case 'moveDown': {
      const target = pick(nodes, op.target);
      if (!target) return undefined;
      const next = (op.kind === 'moveUp' ? moveUp : moveDown)(doc, { id: target.id });
      return { next, touched: [parentOf(target.id)], expectIds: (before) => before, moved: target };
    }
    case 'moveTo': {
      const target = pick(components, op.target);
      const parent = pick(parents[op.choice], op.parent);
      if (!target || !parent) return undefined;
      const index = op.at === null ? undefined : op.at % (childrenOf(parent).length + 1);
      const next = moveTo(doc, { id: target.id, parentId: parent.id, index });
      return { next, touched: [parentOf(target.id), parent.id], expectIds: (before) => before, moved: target };
    }
    case 'duplicate': {
      const target = pick(nodes, op.target);
      if (!target || nodes.length > DUPLICATE_SIZE_LIMIT) return undefined;
      const next = duplicateNode(doc, { id: target.id, makeId });
      return { next, touched: [parentOf(target.id)], expectIds: () => ({ removed: [], added: subtreeIds(target).length }) };
    }
    case 'setColumns': {
      const grid = pick(
        nodes.filter((node) => node.type === 'grid'),
        op.target,
      );
      if (!grid) return undefined;
      const cells = childrenOf(grid);
      const next = setGridColumns(doc, { id: grid.id, columns: op.columns, makeId });
      const removed = cells.slice(op.columns).flatMap((cell) => subtreeIds(cell));
      return { next, touched: [grid.id], expectIds: () => ({ removed, added: Math.max(0, op.columns - cells.length) }) };
    }
    case 'toggle': {
      const target = pick(op.anyTarget ? nodes : nodes.filter((node) => node.type === 'heading' || node.type === 'paragraph'), op.target);
      if (!target) return undefined;
      return { next: toggleTextStyle(doc, { id: target.id, style: op.style }), touched: [target.id], expectIds: (before) => before };
    }
    case 'level': {
      const target = pick(
        nodes.filter((node) => node.type === 'heading'),
        op.target,
      );
      if (!target) return undefined;
      return { next: setHeadingLevel(doc, { id: target.id, level: op.level }), touched: [target.id], expectIds: (before) => before };
    }
    case 'update': {
      const target = pick(nodes, op.target);
      if (!target) return undefined;
      const next = editNode(doc, target.id, { props: { title: op.text }, styles: { color: '#123456' } });
      return { next, touched: [target.id], expectIds: (before) => before };
    }
  }
}

/** The ids of the touched nodes and of all their ancestors in a document. */
function ancestry(doc: PageContent, ids: Array<string | null>): Set<string> {
  const chain = new Set<string>();
  for (let id of ids) {
    while (id !== null && nodeIndex(doc).has(id)) {
      chain.add(id);
      id = nodeIndex(doc).get(id)!.parentId;
    }
  }
  return chain;
}

function maxDepth(doc: PageContent): number {
  let depth = 0;
  walk(doc, (_, path) => (depth = Math.max(depth, path.length - 1)));
  return depth;
}

function checkInvariants(before: PageContent, step: Step): void {
  const { next } = step;
  // Valid as stored content: ids unique, nesting within the limit, grid cells only in grids, props within their fields.
  const parsed = pageContentSchema.safeParse(JSON.parse(JSON.stringify(next)));
  expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
  expect(parsed.data).toEqual(next);
  expect(maxDepth(next)).toBeLessThanOrEqual(MAX_NESTING_DEPTH);

  for (const node of allNodes(next).filter((n) => n.type === 'grid')) {
    const cells = childrenOf(node);
    expect(cells.length).toBe(node.props.columns);
    cells.forEach((cell, index) => expect(cell.props.columnIndex).toBe(index));
  }

  // Nothing lost, nothing duplicated.
  const beforeIds = new Set(nodeIndex(before).keys());
  const afterIds = new Set(nodeIndex(next).keys());
  const expected = step.expectIds(beforeIds);
  if (expected instanceof Set) expect([...afterIds].sort()).toEqual([...expected].sort());
  else {
    const gone = new Set(expected.removed);
    const kept = [...beforeIds].filter((id) => !gone.has(id));
    const added = [...afterIds].filter((id) => !beforeIds.has(id));
    expect([...afterIds].filter((id) => beforeIds.has(id)).sort()).toEqual(kept.sort());
    expect(added).toHaveLength(expected.added);
  }

  // Structural sharing: outside the touched paths every node is the very same object.
  const mayChange = new Set([...ancestry(before, step.touched), ...ancestry(next, step.touched)]);
  const old = nodesById(before);
  for (const [id, node] of nodesById(next)) {
    if (!mayChange.has(id) && old.has(id)) expect(node, `${id} was copied`).toBe(old.get(id));
  }
  if (step.moved) expect(nodesById(next).get(step.moved.id)).toBe(step.moved);
}

describe('the document under random operations', () => {
  it('stays valid, loses and duplicates nothing, and copies only what changes', () => {
    fc.assert(
      fc.property(documents, fc.array(operations, { minLength: 5, maxLength: 25 }), (start, ops) => {
        let counter = 0;
        const makeId: IdMaker = (type) => `${type}-o${++counter}`;
        let doc = deepFreeze(start);
        for (const op of ops) {
          let step: Step | undefined;
          try {
            step = apply(doc, op, makeId);
          } catch (error) {
            // A refusal (wrong target, too deep, ...) leaves the document as it was; anything else is a bug.
            if (!(error instanceof DocumentError)) throw error;
            continue;
          }
          if (!step) continue;
          checkInvariants(doc, step);
          doc = deepFreeze(step.next);
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe('moves', () => {
  const movable = (doc: PageContent) => allNodes(doc).filter((node) => nodeIndex(doc).get(node.id)!.path.length > 1 && node.type !== 'gridCell');

  it('a move to any offered place followed by its inverse restores the document', () => {
    fc.assert(
      fc.property(documents, fc.nat(), fc.nat(), fc.option(fc.nat()), (doc, a, b, at) => {
        const source = pick(movable(doc), a);
        fc.pre(source !== undefined);
        const target = pick(listMoveTargets(doc, source!.id), b);
        fc.pre(target !== undefined);
        const from = nodeIndex(doc).get(source!.id)!;
        const length = childrenOf(nodesById(doc).get(target!.id)!).length - (from.parentId === target!.id ? 1 : 0);
        const moved = moveTo(doc, { id: source!.id, parentId: target!.id, index: at === null ? undefined : at % (length + 1) });
        const restored = moveTo(moved, { id: source!.id, parentId: from.parentId!, index: from.path[from.path.length - 1] });
        expect(restored).toEqual(doc);
        const touchedSections = new Set([from.path[0], target!.path[0]]);
        restored.forEach((section, index) => {
          if (!touchedSections.has(index)) expect(section).toBe(doc[index]);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('moving up then down (or down then up) restores the document', () => {
    fc.assert(
      fc.property(documents, fc.nat(), fc.boolean(), (doc, a, upFirst) => {
        const node = pick(
          allNodes(doc).filter((n) => n.type !== 'gridCell'),
          a,
        );
        fc.pre(node !== undefined);
        const [first, second] = upFirst ? [moveUp, moveDown] : [moveDown, moveUp];
        const once = first(doc, { id: node!.id });
        fc.pre(once !== doc);
        expect(second(once, { id: node!.id })).toEqual(doc);
      }),
      { numRuns: 200 },
    );
  });

  it('offers exactly the places a move succeeds to', () => {
    fc.assert(
      fc.property(documents, fc.nat(), (doc, a) => {
        const source = pick(movable(doc), a);
        fc.pre(source !== undefined);
        const offered = new Set(listMoveTargets(doc, source!.id).map((target) => target.id));
        for (const node of allNodes(doc)) {
          let succeeded = true;
          try {
            moveTo(doc, { id: source!.id, parentId: node.id });
          } catch (error) {
            if (!(error instanceof DocumentError)) throw error;
            succeeded = false;
          }
          expect(succeeded, `${source!.id} -> ${node.id}`).toBe(offered.has(node.id));
        }
      }),
      { numRuns: 100 },
    );
  });
});
