import fs from 'node:fs';
import path from 'node:path';
import { hasChildren, isTag, isText, type AnyNode, type Element, type ParentNode } from 'domhandler';
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { HTML_READ_LIMITS } from './messages.ts';
import { parseHtml } from './parse-html.ts';

const UNLIMITED = { depth: Number.POSITIVE_INFINITY, elements: Number.POSITIVE_INFINITY };

/** A tree as plain data (kind, name, attributes, text, children), to compare the trees of two parsers. */
function shape(node: AnyNode): unknown {
  if (hasChildren(node)) return [node.type, isTag(node) ? node.name : '', isTag(node) ? { ...node.attribs } : {}, node.children.map(shape)];
  return [node.type, 'name' in node ? node.name : '', 'data' in node ? node.data : ''];
}

/** Every node's parent holds it, and its prev and next are its neighbours there. */
function linksProblem(root: ParentNode): string | null {
  const stack: ParentNode[] = [root];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    for (const [index, child] of parent.children.entries()) {
      if (child.parent !== parent) return `parent of child ${index}`;
      if (child.prev !== (parent.children[index - 1] ?? null)) return `prev of child ${index}`;
      if (child.next !== (parent.children[index + 1] ?? null)) return `next of child ${index}`;
      if (hasChildren(child)) stack.push(child);
    }
  }
  return null;
}

function elements(root: ParentNode): Array<{ el: Element; depth: number }> {
  const found: Array<{ el: Element; depth: number }> = [];
  const stack: Array<{ node: AnyNode; depth: number }> = root.children.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!isTag(node)) continue;
    found.push({ el: node, depth });
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
  return found;
}

const deepest = (root: ParentNode) => Math.max(0, ...elements(root).map((e) => e.depth));
const textOf = (el: Element) => el.children.filter(isText).map((t) => t.data).join('');

describe('parseHtml: the tree htmlparser2 builds', () => {
  const corpus = path.resolve(import.meta.dirname, '../../../../tests/fixtures/landing-pages');
  const pages = fs.readdirSync(corpus).filter((name) => name.endsWith('.html'));

  it.each(pages)('%s', (page) => {
    const html = fs.readFileSync(path.join(corpus, page), 'utf8');
    const parsed = parseHtml(html);
    expect(shape(parsed.document)).toEqual(shape(parseDocument(html)));
    expect(linksProblem(parsed.document)).toBeNull();
    expect(parsed).toMatchObject({ flattened: false, stopped: false });
  });

  // The pieces where tree rules differ: tags that close others, void and foreign elements, stray
  // closing tags, a second form, entities, comments, CDATA, declarations, upper case, broken tags.
  const piece = fc.oneof(
    fc.constantFrom(
      'div', 'p', 'b', 'i', 'a', 'li', 'ul', 'ol', 'dl', 'dd', 'dt', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'form', 'input',
      'select', 'option', 'optgroup', 'button', 'textarea', 'datalist', 'output', 'h1', 'h2', 'h6', 'section', 'span', 'rt', 'rp', 'body',
      'head', 'link', 'script', 'style', 'title', 'svg', 'math', 'foreignObject', 'foreignobject', 'mi', 'desc', 'path', 'clipPath',
      'image', 'img', 'br', 'hr', 'DIV', 'SVG', 'Li',
    ).chain((tag) =>
      fc.constantFrom(`<${tag}>`, `</${tag}>`, `<${tag}/>`, `<${tag} class="a &amp; b" x=1 x=2 data-x>`, `<${tag} id='i'/>`),
    ),
    fc.constantFrom('text', ' ', '&amp;', '&lt;b&gt;', '&#x41;', '&nbsp', '<!-- note -->', '<![CDATA[ c ]]>', '<!doctype html>', '<?xml v?>', '<', '</', '<!', '</br>', '</p>'),
  );

  it('the same tree for any mix of those pieces', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const html = pieces.join('');
        const parsed = parseHtml(html, UNLIMITED);
        expect(shape(parsed.document)).toEqual(shape(parseDocument(html)));
        expect(linksProblem(parsed.document)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseHtml: within its limits', () => {
  it(`keeps elements ${HTML_READ_LIMITS.depth} levels deep and flattens what is deeper, keeping text, images and line breaks`, () => {
    const { depth } = HTML_READ_LIMITS;
    expect(parseHtml(`${'<div>'.repeat(depth)}x`)).toMatchObject({ flattened: false });

    const html = `${'<div>'.repeat(depth + 500)}<p>one</p><p>two</p>wo<b>rd</b><br><img src="a.png">${'<section>'.repeat(100)}end`;
    const parsed = parseHtml(html);
    expect(parsed.flattened).toBe(true);
    // Void elements sit at the level below the deepest box: they hold nothing.
    expect(deepest(parsed.document)).toBe(depth + 1);
    const box = elements(parsed.document).find((e) => e.depth === depth)!.el;
    expect(box.children.filter(isTag).map((el) => el.name)).toEqual(['br', 'img']);
    // Blocks left out still part words; inline elements do not.
    const words = box.children.map((child) => (isText(child) ? child.data : `[${(child as Element).name}]`)).join('').replace(/\s+/g, ' ').trim();
    expect(words).toBe('one two word[br][img] end');
  });

  it('leaves out, past the depth limit, what a visitor would not see, with all it holds', () => {
    const { depth } = HTML_READ_LIMITS;
    const hidden = [
      '<script>alert("x")</script>',
      '<style>p { color: red }</style>',
      '<div hidden>secret <b>words</b><img src="s.png"><p>deeper</p></div>',
      '<span style="display: none">nope</span>',
      '<template><p>later</p></template>',
      '<svg><text>drawn</text></svg>',
    ];
    const parsed = parseHtml(`${'<div>'.repeat(depth + 10)}${hidden.join('')}<p>shown</p>`);
    const box = elements(parsed.document).find((e) => e.depth === depth)!.el;
    expect(box.children.filter(isTag)).toEqual([]);
    expect(textOf(box).trim()).toBe('shown');
  });

  it(`stops after ${HTML_READ_LIMITS.elements.toLocaleString('en')} elements, keeping what came before`, () => {
    const { elements: budget } = HTML_READ_LIMITS;
    const within = parseHtml(`${'<p>x'.repeat(budget)}end`);
    expect(within.stopped).toBe(false);
    expect(elements(within.document)).toHaveLength(budget);

    const past = parseHtml(`${'<p>x'.repeat(budget)}<p>last words<p>more`);
    expect(past.stopped).toBe(true);
    const paragraphs = elements(past.document).map((e) => e.el);
    expect(paragraphs).toHaveLength(budget);
    expect(textOf(paragraphs.at(-1)!)).toBe('x');
    // Elements left out for depth cost nothing of the budget.
    const deep = parseHtml(`${'<div>'.repeat(budget * 2)}x`);
    expect(deep).toMatchObject({ stopped: false, flattened: true });
  }, 60_000);

  it('reads the rest of a page after a wrong closing tag, and a form inside a form, as htmlparser2 does', () => {
    const html = '<div><b>bold</i> still</b><form><form><input name="a"></form>after</div>';
    expect(shape(parseHtml(html).document)).toEqual(shape(parseDocument(html)));
  });
});
