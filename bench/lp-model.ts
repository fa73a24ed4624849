/**
 * The builder's document model on a 1,000-component page: `npx tsx bench/lp-model.ts`
 * (npm run bench:lp-model).
 *
 * Builds a page of 19 sections (headings, text, grids with filled cells, containers nested four
 * deep, a hero with navigation, cards and form fields: 1,007 components) through the add
 * operations, then times each operation the editor runs, applied one after another to the evolving
 * document as the editor applies them, so an operation after one that changed the structure pays
 * for building the node index. Adds, removals and copies are undone (untimed) after each step, so
 * the page stays at its size. Prints p50 and p95 per operation (they include garbage collection
 * pauses) and how many nodes an edit copies. Figures only; no pass or fail.
 */
import { collectClassNames } from '../src/shared/landing-pages/class-names.ts';
import { COMPONENT_DEFINITIONS, type ComponentType } from '../src/shared/landing-pages/component-definitions.ts';
import { createComponent, createSection } from '../src/shared/landing-pages/create.ts';
import { DocumentError } from '../src/shared/landing-pages/document-error.ts';
import { nodeIndex } from '../src/shared/landing-pages/node-index.ts';
import { addComponent, addSection } from '../src/shared/landing-pages/operations/add.ts';
import { duplicateNode } from '../src/shared/landing-pages/operations/duplicate.ts';
import { moveDown, moveTo, moveUp } from '../src/shared/landing-pages/operations/move.ts';
import { removeNode } from '../src/shared/landing-pages/operations/remove.ts';
import { TEXT_STYLES, toggleTextStyle } from '../src/shared/landing-pages/operations/text-styles.ts';
import { updateProps, updateStyles } from '../src/shared/landing-pages/operations/update.ts';
import { parseContent, serializeContent } from '../src/shared/landing-pages/parse-content.ts';
import { childrenOf, walk } from '../src/shared/landing-pages/tree.ts';
import type { ComponentNode, PageContent, TreeNode } from '../src/shared/landing-pages/types.ts';

const SECTIONS = 19;
const RUNS = Number(process.env.LP_MODEL_RUNS ?? 500);
const WARMUP = 50;

/** A seeded generator, so every run times the same sequence of edits. */
let seed = 20_240_601;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const position = (parent: TreeNode) => Math.floor(random() * (childrenOf(parent).length + 1));

const make = (type: ComponentType, children?: ComponentNode[]): ComponentNode => {
  const node = createComponent(type);
  return children ? { ...node, components: children } : node;
};
const leaves = (...types: ComponentType[]) => types.map((type) => make(type));

function grid(columns: number, perCell: ComponentType[]): ComponentNode {
  const node = createComponent('grid', { columns, columnWidths: Array(columns).fill('1fr').join(' ') });
  return { ...node, components: childrenOf(node).map((cell) => ({ ...cell, components: leaves(...perCell) })) };
}

/** 53 components: text, a 3-column grid (16), containers nested four deep (12), a hero with navigation (4), cards and fields. */
function sectionComponents(): ComponentNode[] {
  return [
    ...leaves('heading', 'paragraph'),
    grid(3, ['heading', 'paragraph', 'image', 'button']),
    make('container', [
      make('paragraph'),
      make('container', [...leaves('heading', 'list', 'image'), make('container', leaves('button', 'input', 'textarea', 'checkbox'))]),
    ]),
    createComponent('heroWithNavigation'),
    ...leaves('pricingCard', 'pricingCard', 'pricingCard', 'testimonial', 'testimonial', 'cta', 'divider', 'spacer', 'youtube'),
    ...leaves('socialLinks', 'contactInfo', 'select', 'radio', 'video', 'list'),
    grid(2, ['paragraph']),
  ];
}

function buildPage(): PageContent {
  let doc: PageContent = [];
  for (let s = 0; s < SECTIONS; s++) {
    const section = createSection('section', { tailwindClasses: 'py-16 px-4' });
    doc = addSection(doc, { section });
    for (const component of sectionComponents()) doc = addComponent(doc, { parentId: section.id, component });
  }
  return doc;
}

interface Candidates {
  all: TreeNode[];
  components: TreeNode[];
  holders: TreeNode[];
  text: TreeNode[];
}

function candidates(doc: PageContent): Candidates {
  const found: Candidates = { all: [], components: [], holders: [], text: [] };
  walk(doc, (node, path) => {
    found.all.push(node);
    if (path.length > 1 && node.type !== 'gridCell') found.components.push(node);
    if (path.length === 1 || COMPONENT_DEFINITIONS[node.type as ComponentType]?.children === 'any') found.holders.push(node);
    if (node.type === 'heading' || node.type === 'paragraph') found.text.push(node);
  });
  return found;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Step {
  doc: PageContent;
  ms: number;
}

/** Runs `step` until RUNS timings (after a warm-up) are in; a step the document refuses (a place a component may not go) is picked again. */
function measure(start: PageContent, runs: number, step: (doc: PageContent, nodes: Candidates) => Step): { times: number[]; doc: PageContent } {
  let doc = start;
  const times: number[] = [];
  // The candidates are refreshed now and then rather than every step, so the harness's own garbage stays small.
  let nodes = candidates(doc);
  for (let attempt = 0; times.length < runs + WARMUP; attempt++) {
    if (attempt % 25 === 0) nodes = candidates(doc);
    try {
      const outcome = step(doc, nodes);
      doc = outcome.doc;
      times.push(outcome.ms);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      nodes = candidates(doc);
    }
  }
  return { times: times.slice(WARMUP), doc };
}

function time(run: () => PageContent): Step {
  const started = performance.now();
  const doc = run();
  return { doc, ms: performance.now() - started };
}

function sameSizeSteps(): Array<[string, (doc: PageContent, nodes: Candidates) => Step]> {
  return [
    [
      'add a component (anywhere it fits)',
      (doc, { holders }) => {
        const parent = pick(holders);
        const component = createComponent(pick(['heading', 'paragraph', 'button', 'image'] as const));
        const added = time(() => addComponent(doc, { parentId: parent.id, component, index: position(parent) }));
        return { doc: removeNode(added.doc, { id: component.id }), ms: added.ms };
      },
    ],
    [
      'remove a component',
      (doc, { components }) => {
        const target = pick(components.filter((node) => childrenOf(node).length === 0));
        const { parentId, index } = whereIs(doc, target.id);
        const removed = time(() => removeNode(doc, { id: target.id }));
        return { doc: addComponent(removed.doc, { parentId, component: target as ComponentNode, index }), ms: removed.ms };
      },
    ],
    [
      'move to another place',
      (doc, { components, holders }) => {
        const target = pick(holders);
        return time(() => moveTo(doc, { id: pick(components).id, parentId: target.id, index: position(target) }));
      },
    ],
    ['move up / down', (doc, { components }) => time(() => (random() < 0.5 ? moveUp : moveDown)(doc, { id: pick(components).id }))],
    ['update a prop', (doc, { text }) => time(() => updateProps(doc, { id: pick(text).id, props: { text: `Edited ${random()}` } }))],
    ['toggle italic / bold / underline', (doc, { text }) => time(() => toggleTextStyle(doc, { id: pick(text).id, style: pick(TEXT_STYLES) }))],
    ['set a style (custom CSS)', (doc, { components }) => time(() => updateStyles(doc, { id: pick(components).id, styles: { customCSS: `margin-top: ${random()}px` } }))],
    [
      'duplicate a component (with children)',
      (doc, { components }) => {
        const target = pick(components);
        const { parentId, index } = whereIs(doc, target.id);
        const copied = time(() => duplicateNode(doc, { id: target.id }));
        return { doc: removeNode(copied.doc, { id: childAfter(copied.doc, parentId, index) }), ms: copied.ms };
      },
    ],
    [
      'duplicate a section (53 components)',
      (doc) => {
        const index = Math.floor(random() * doc.length);
        const copied = time(() => duplicateNode(doc, { id: doc[index]!.id }));
        return { doc: removeNode(copied.doc, { id: copied.doc[index + 1]!.id }), ms: copied.ms };
      },
    ],
  ];
}

/**
 * Where a node sits, found by walking the document: the harness must not build the document's node
 * index before a timed operation, or the operation would find it ready made.
 */
function whereIs(doc: PageContent, id: string): { parentId: string; index: number } {
  let found: { parentId: string; index: number } | undefined;
  walk(doc, (node, path, parent) => {
    if (node.id === id) found = { parentId: parent?.id ?? '', index: path[path.length - 1]! };
  });
  return found!;
}

function childAfter(doc: PageContent, parentId: string, index: number): string {
  let id = '';
  walk(doc, (node) => {
    if (node.id === parentId) id = childrenOf(node)[index + 1]!.id;
  });
  return id;
}

/** Nodes of `after` that are not the very object of the same id in `before`: what an edit copied. */
function copiedNodes(before: PageContent, after: PageContent): number {
  const old = new Map<string, TreeNode>();
  walk(before, (node) => old.set(node.id, node));
  let copied = 0;
  walk(after, (node) => {
    if (old.get(node.id) !== node) copied++;
  });
  return copied;
}

function main() {
  const buildStarted = performance.now();
  let doc = buildPage();
  const built = candidates(doc);
  console.log(
    `page: ${SECTIONS} sections, ${built.all.length - SECTIONS} components, ${built.holders.length} places that hold components ` +
      `(built through addComponent in ${(performance.now() - buildStarted).toFixed(0)} ms)`,
  );

  const rows: Array<[string, number[]]> = [];
  for (const [name, step] of sameSizeSteps()) {
    const measured = measure(doc, RUNS, step);
    rows.push([name, measured.times]);
    doc = measured.doc;
  }

  const json = serializeContent(doc);
  const still = (run: () => unknown) => (current: PageContent): Step => {
    const started = performance.now();
    run();
    return { doc: current, ms: performance.now() - started };
  };
  let classCount = 0;
  rows.push(
    [
      'parse + validate content',
      measure(doc, Math.min(RUNS, 200), still(() => {
        const parsed = parseContent(json);
        if (!parsed.ok) throw new Error(parsed.details.join('\n'));
      })).times,
    ],
    ['serialize content', measure(doc, RUNS, still(() => serializeContent(doc))).times],
    ['collect class names', measure(doc, RUNS, still(() => (classCount = collectClassNames(doc).length))).times],
    // A copy of the section list is a new document, whose index is not built yet.
    ['build the node index', measure(doc, RUNS, (current) => {
      const fresh = current.slice();
      return still(() => nodeIndex(fresh))(current);
    }).times],
  );

  const table = rows.map(([name, times]) => {
    const sorted = times.slice().sort((a, b) => a - b);
    return [name, String(sorted.length), percentile(sorted, 50).toFixed(3), percentile(sorted, 95).toFixed(3)];
  });
  const header = ['operation on the 1,000-component page (ms)', 'n', 'p50', 'p95'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${table.map(line).join('\n')}`);

  const nodes = candidates(doc);
  const depth = (node: TreeNode) => nodeIndex(doc).get(node.id)!.path.length - 1;
  const deepest = nodes.text.reduce((best, node) => (depth(node) > depth(best) ? node : best));
  const edited = updateProps(doc, { id: deepest.id, props: { text: 'Deep edit' } });
  const moved = moveTo(doc, { id: doc[0]!.components[0]!.id, parentId: doc[doc.length - 1]!.id });
  console.log(
    `\ncontent: ${(json.length / 1024).toFixed(0)} kB of pretty-printed JSON, ${classCount} distinct class names` +
      `\nstructural sharing: a prop edit at depth ${depth(deepest)} copies ${copiedNodes(doc, edited)} of ${nodes.all.length} nodes; ` +
      `a move between two sections copies ${copiedNodes(doc, moved)}`,
  );
}

main();
