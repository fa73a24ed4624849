import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cssForClasses } from '../../src/server/landing-pages/page-css.ts';
import { LANDING_PAGE_PATHS, cssResultSchema } from '../../src/shared/landing-pages/api.ts';
import { signedInApp } from '../helpers/test-app.ts';

/** jsdom ships no types; its selector engine (the one its browser-like tests use) is all that is needed here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

/**
 * A page's classes become CSS twice: inline on /lp and in the staff app's builder canvas. Whatever
 * the classes, every rule compiled from them may style only the elements that carry them and what is
 * inside those: never the staff app around the canvas (its Save button), never the document's root,
 * never the element's siblings. Each rule is checked by what it matches in a document that puts the
 * page inside staff elements (jsdom's selector engine), and by the at-rules it sits in.
 */

/** Classes an author (or a converted third-party page) could bring that reach outside the page. */
const ESCAPING = [
  '[:root:has(&)_button]:invisible',
  '[html_&]:hidden',
  '[body:has(&)_*]:opacity-0',
  '[&~*]:hidden',
  '[&_+_*]:hidden',
  '[:is(html)_&]:hidden',
  '[:where(body)_&]:hidden',
  '[.flex:has(&)_button]:invisible',
  '[.p-4_&]:hidden',
  '[&:has(~_*)]:hidden',
  '[&:has(+*)]:hidden',
  '[&:where(html_*)]:hidden',
  '[&:not(body_*)]:hidden',
  '[&:is(:root_*)]:p-2',
  '[&>*:is(html_*)]:p-2',
  '[&:nth-child(1_of_:root_*)]:p-2',
  'not-[html_&]:p-2',
  'has-[~_*]:p-2',
  'in-[.flex]:hidden',
  'group-[:root:has(input)]:p-2',
  'peer-[:root_*]:p-2',
  '[@media(min-width:0)]:[html_&]:hidden',
  '[@supports(display:grid)]:[body_&]:grid',
  '[@scope(html)]:hidden',
  '[@layer_base]:hidden',
  '[@page]:p-2',
  '[&::backdrop]:bg-red-500',
  'backdrop:bg-black',
  '[&::view-transition]:p-2',
  '[:host_&]:p-2',
  '[:scope_&]:p-2',
  '[&:is(:scope)]:p-2',
  // Escapes: `\:root` is a type selector, `:r\6f ot` is :root spelt with a unicode escape.
  '[\\:root_&]:hidden',
  '[:r\\6f ot_&]:hidden',
  '[:\\72 oot:has(&)_button]:invisible',
  '[\\3a root_&]:hidden',
];

/** Classes that only style their element and what is inside it: they keep working. */
const CONFINED = [
  'p-4',
  'hover:bg-blue-500',
  'md:grid-cols-2',
  'max-md:p-2',
  '[&>p]:mt-2',
  '[&_p]:text-red-500',
  '[&>p+p]:mt-4',
  '*:p-2',
  '**:p-2',
  'space-y-4',
  'divide-y',
  'has-[p]:p-2',
  'not-hover:p-2',
  'group-open:block',
  'group-hover:underline',
  'peer-checked:p-2',
  'marker:text-red-500',
  'selection:bg-red-500',
  'placeholder:text-red-500',
  'file:p-2',
  'first-letter:text-xl',
  'open:p-2',
  'starting:opacity-0',
  '@md:p-2',
  'dark:p-2',
  'print:hidden',
  'aria-expanded:p-2',
  'data-[x=y]:p-2',
  'animate-spin',
  'shadow-md',
  'bg-linear-to-r',
  'from-red-500',
  '[--x:1]',
  '[display:none]',
  '[@media(min-width:0)]:hidden',
  '[@supports(display:grid)]:grid',
  'bg-[url(/api/public/images/0123456789abcdef0123456789abcdef.png)]',
];

/** Classes whose CSS fetches from another origin: the CSP decides on /lp, the staff app never loads them. */
const OFF_SITE = [
  'bg-[url(https://evil.example/x)]',
  'bg-[url(//evil.example/x)]',
  "bg-[url('https://evil.example/x')]",
  'bg-[url("\\68ttps://evil.example/x")]',
  '[background:image-set("https://evil.example/x"_1x)]',
  '[--u:url(https://evil.example/x)]',
  '[--u:"https://evil.example/x"]',
  '[mask-image:url(http://evil.example/x)]',
];

interface CssRule {
  /** The preludes of the at-rules around it, outermost first. */
  at: string[];
  prelude: string;
  body: string;
}

/** Skips a string, an escape or a bracketed run starting at `i`; returns the index after it, or null when `css[i]` is none of those. */
function skipToken(css: string, i: number): number | null {
  const char = css[i];
  if (char === '\\') return i + 2;
  if (char === '"' || char === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== char) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (char === '(' || char === '[') {
    const close = char === '(' ? ')' : ']';
    let j = i + 1;
    while (j < css.length && css[j] !== close) j = skipToken(css, j) ?? j + 1;
    return j + 1;
  }
  return null;
}

const GROUPING = /^@(media|supports|container|layer|scope|starting-style|document|-moz-document)\b/;

/** Every rule of a stylesheet, at-rules that hold rules opened up (a small reader, independent of the compiler's parser). */
function readRules(text: string, at: string[] = []): CssRule[] {
  const css = text.replace(/\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\//g, '');
  const rules: CssRule[] = [];
  let i = 0;
  while (i < css.length) {
    const start = i;
    while (i < css.length && css[i] !== '{' && css[i] !== ';' && css[i] !== '}') i = skipToken(css, i) ?? i + 1;
    const prelude = css.slice(start, i).trim();
    if (i >= css.length || css[i] !== '{') {
      if (prelude) rules.push({ at, prelude, body: '' });
      i++;
      continue;
    }
    const open = ++i;
    for (let depth = 1; i < css.length && depth > 0; ) {
      if (css[i] === '{') depth++;
      if (css[i] === '}') depth--;
      i = depth === 0 ? i : (skipToken(css, i) ?? i + 1);
    }
    const body = css.slice(open, i);
    i++;
    if (GROUPING.test(prelude)) rules.push(...readRules(body, [...at, prelude]));
    else rules.push({ at, prelude, body });
  }
  return rules;
}

/** Splits on commas outside brackets and strings. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; ) {
    if (text[i] === ',') {
      parts.push(text.slice(start, i).trim());
      start = ++i;
    } else i = skipToken(text, i) ?? i + 1;
  }
  parts.push(text.slice(start).trim());
  return parts;
}

const LAYERS = ['properties', 'theme', 'base', 'components', 'utilities'];
const isScaffold = (rule: CssRule) => ['@layer theme', '@layer base', '@layer properties'].includes(rule.at[0] ?? '');

/** Tailwind's own preflight, the same for every page: the base layer of a page without classes. */
const preflight = async () => readRules((await cssForClasses([])).css).filter((rule) => rule.at[0] === '@layer base');

/**
 * What is wrong with a page's CSS besides its style rules: at-rules other than conditions, layers
 * other than Tailwind's, and Tailwind's fixed parts (theme variables, preflight, the fallback of
 * its registered properties) in any other shape than their own.
 */
async function structuralProblems(css: string): Promise<string[]> {
  const problems: string[] = [];
  const base = (await preflight()).map((rule) => `${rule.prelude}{${rule.body}}`);
  for (const rule of readRules(css)) {
    const where = `${rule.at.join(' ')} ${rule.prelude}`;
    rule.at.forEach((at, depth) => {
      const layer = /^@layer\s+(.+)$/.exec(at)?.[1];
      if (layer !== undefined ? depth > 0 || !LAYERS.includes(layer) : !/^@(media|supports|container|starting-style)\b/.test(at)) problems.push(`at-rule ${at} around ${where}`);
    });
    if (rule.prelude.startsWith('@')) {
      const allowed = /^@layer [\w, ]+$/.test(rule.prelude) || /^@property --tw-[\w-]+$/.test(rule.prelude) || /^@keyframes (spin|ping|pulse|bounce)$/.test(rule.prelude);
      if (!allowed) problems.push(`at-rule ${where}`);
      continue;
    }
    const declarations = splitDeclarations(rule.body);
    if (rule.at[0] === '@layer theme' && (rule.prelude !== ':root,:host' || !declarations.every((d) => d.startsWith('--')))) problems.push(`theme ${where}`);
    if (rule.at[0] === '@layer properties' && (rule.prelude !== '*,:before,:after,::backdrop' || !declarations.every((d) => d.startsWith('--tw-')))) problems.push(`properties ${where}`);
    if (rule.at[0] === '@layer base' && !base.includes(`${rule.prelude}{${rule.body}}`)) problems.push(`base ${where}`);
  }
  return problems;
}

function splitDeclarations(body: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; ) {
    if (body[i] === ';') {
      parts.push(body.slice(start, i).trim());
      start = ++i;
    } else i = skipToken(body, i) ?? i + 1;
  }
  parts.push(body.slice(start).trim());
  return parts.filter(Boolean);
}

/** CSS.escape (CSSOM): how a class name is written in a selector. */
function cssEscape(name: string): string {
  return [...name]
    .map((char, index) => {
      const code = char.codePointAt(0)!;
      if (code === 0) return '\uFFFD';
      if ((code >= 0x1 && code <= 0x1f) || code === 0x7f || (/[0-9]/.test(char) && (index === 0 || (index === 1 && name[0] === '-')))) return `\\${code.toString(16)} `;
      if (index === 0 && name.length === 1 && char === '-') return `\\${char}`;
      return code >= 0x80 || /[\w-]/.test(char) ? char : `\\${char}`;
    })
    .join('');
}

/**
 * Page classes under short aliases (c0, c1, …), in the documents and in the selectors: jsdom's
 * selector engine misreads some escapes (`\&`), and the question here is what a rule reaches, not how
 * its class is spelt.
 */
function aliases(pageClasses: string[]) {
  const names = [...new Set(pageClasses)].sort((a, b) => b.length - a.length);
  const alias = new Map(names.map((name, index) => [name, `c${index}`]));
  const written = names.map((name) => ({ pattern: new RegExp(`(?<!\\\\)\\.${cssEscape(name).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(?![\\w-]|\\\\)`, 'g'), alias: `.${alias.get(name)!}` }));
  return {
    of: (name: string) => alias.get(name) ?? name,
    selector: (selector: string) => written.reduce((text, { pattern, alias }) => text.replace(pattern, alias), selector),
  };
}

/**
 * A staff document with the page inside it: staff elements around and beside the canvas carry
 * classes the page uses too (flex, p-4, group, peer). The element with the page's classes is
 * #subject, between two sibling sections.
 */
function staffDocument(pageClasses: string[], alias: (name: string) => string) {
  const dom = new JSDOM(`<!doctype html><html><body class="flex">
    <header class="flex p-4 group"><button id="save">Save</button><input class="peer" type="checkbox" checked></header>
    <details open class="group"><summary>Preview</summary>
      <div class="p-4 flex min-w-0"><input class="peer" type="checkbox" checked>
        <main class="lp-canvas" id="page">
          <section id="before"><button>Before</button></section>
          <section id="subject"><p>One</p><p>Two <span>three</span></p><ul><li>Four</li></ul><input placeholder="Email"><button>In the page</button></section>
          <section id="after"><button>After</button></section>
        </main>
        <button id="add-section">Add Section</button>
      </div>
    </details>
    <aside class="p-4"><button id="panel">Close</button></aside>
  </body></html>`);
  const document = dom.window.document;
  for (const element of document.querySelectorAll('[class]')) element.setAttribute('class', [...element.classList].map(alias).join(' '));
  document.getElementById('subject')!.setAttribute('class', pageClasses.map(alias).join(' '));
  return document;
}

/** A selector as it matches with the pointer over and focus in everything (so conditions on them cannot hide a rule), pseudo-elements taken off. */
const matchable = (selector: string) =>
  selector
    .replace(/(?<!\\)::?(before|after|first-line|first-letter|marker|selection|placeholder|file-selector-button|backdrop|-webkit-[\w-]+|-moz-[\w-]+|view-transition[\w-]*)(\([^)]*\))?/g, '')
    .replace(/(?<!\\):(hover|focus-visible|focus-within|focus|active)(?![\w-])/g, ':is(*)')
    .trim() || '*';

/**
 * How a page's style rules reach beyond the element with its classes: an element of the page
 * beside it (#before, #after), or a staff element whose matching changes when the page is there
 * (`:root:has(.x) button`). A staff element carrying a class of the page's list (a staff `.p-4`)
 * matches that class's own rule with or without the page: the app's stylesheet has the same rule.
 */
function reachOutside(css: string, pageClasses: string[]): string[] {
  const alias = aliases(pageClasses);
  const withPage = staffDocument(pageClasses, alias.of);
  const withoutPage = staffDocument([], alias.of);
  const elements = (document: Document) => [...document.querySelectorAll('*')];
  const subject = withPage.getElementById('subject')!;
  const page = withPage.getElementById('page')!;
  const ownClasses = new Set(pageClasses.map(alias.of));
  const name = (element: Element) => element.id || element.tagName.toLowerCase();
  const reached: string[] = [];
  for (const rule of readRules(css)) {
    if (isScaffold(rule) || rule.prelude.startsWith('@')) continue;
    for (const selector of splitList(rule.prelude)) {
      const query = matchable(alias.selector(selector));
      if (!/\.c\d+(?![\w-]|\\)/.test(query)) reached.push(`${selector} names none of the page's classes`);
      const matched = new Set(withPage.querySelectorAll(query));
      const matchedWithout = new Set([...withoutPage.querySelectorAll(query)].map((element) => elements(withoutPage).indexOf(element)));
      const wrong = elements(withPage).filter((element, index) => {
        if (!matched.has(element)) return false;
        if (page.contains(element)) return !subject.contains(element);
        return !matchedWithout.has(index) || ![...element.classList].some((className) => ownClasses.has(className));
      });
      if (wrong.length > 0) reached.push(`${selector} → ${wrong.map(name).join(', ')}`);
    }
  }
  return reached;
}

/** The page's own rules (not Tailwind's fixed parts). */
const pageRules = (css: string) => readRules(css).filter((rule) => !isScaffold(rule) && !rule.prelude.startsWith('@'));

describe('CSS compiled from a page’s classes', () => {
  it.each(ESCAPING)('makes nothing of %s', async (name) => {
    const { css } = await cssForClasses([name]);
    expect(pageRules(css)).toEqual([]);
    expect(await structuralProblems(css)).toEqual([]);
  });

  it.each(CONFINED)('keeps %s, confined to its element', async (name) => {
    const { css } = await cssForClasses([name]);
    expect(pageRules(css).length).toBeGreaterThan(0);
    expect(reachOutside(css, [name])).toEqual([]);
    expect(await structuralProblems(css)).toEqual([]);
  });

  it('reaches nothing outside the page for a page holding all of them, staff classes included', async () => {
    const classes = [...ESCAPING, ...CONFINED, ...OFF_SITE, 'flex', 'group', 'peer', 'min-w-0'];
    const { css } = await cssForClasses(classes);
    expect(reachOutside(css, classes)).toEqual([]);
    expect(await structuralProblems(css)).toEqual([]);
    expect(css).toContain('.hover\\:bg-blue-500:hover');
    expect(css).toMatch(/\.\\\[\\&\\>p\\\]\\:mt-2>p\{/);
    // Tailwind's own parts stay: the preflight, and the keyframes animate-spin needs.
    expect(css).toContain('@keyframes spin');
    expect(readRules(css).some((rule) => rule.at[0] === '@layer base' && rule.prelude === '*,:after,:before,::backdrop')).toBe(true);
  });

  it('keeps addresses on other sites for /lp, where the content security policy decides', async () => {
    const { css } = await cssForClasses(OFF_SITE);
    expect(css).toContain('url(https://evil.example/x)');
    expect(reachOutside(css, OFF_SITE)).toEqual([]);
  });
});

describe("the builder canvas's CSS", () => {
  const owner = signedInApp();
  const canvasCss = async (classes: string[]) => {
    const res = await owner.api('POST', LANDING_PAGE_PATHS.css, { classes });
    expect(res.statusCode, res.body).toBe(200);
    return cssResultSchema.parse(res.json());
  };

  it('names the classes it refuses for reaching outside the page, and leaves them out', async () => {
    const classes = [...ESCAPING, ...CONFINED, 'not-a-class'];
    const answer = await canvasCss(classes);
    expect([...answer.notAllowed].sort()).toEqual([...ESCAPING].sort());
    expect(answer.unknown).toEqual(['not-a-class']);
    expect(answer.offSite).toEqual([]);
    expect(reachOutside(answer.css, classes)).toEqual([]);
    expect(await structuralProblems(answer.css)).toEqual([]);
    expect(answer.css).toContain('.hover\\:bg-blue-500:hover');
    // No second preflight (`*`, `html`, `button` rules) over the staff app's own.
    expect(readRules(answer.css).filter((rule) => rule.at[0] === '@layer base')).toEqual([]);
  });

  it('loads nothing from another site, and says which classes would', async () => {
    const answer = await canvasCss([...OFF_SITE, 'bg-[url(/api/public/images/0123456789abcdef0123456789abcdef.png)]', "content-['Note:_hi']"]);
    expect(answer.css).not.toContain('evil.example');
    expect([...answer.offSite].sort()).toEqual([...OFF_SITE].sort());
    expect(answer.notAllowed).toEqual([]);
    expect(answer.css).toContain('url(/api/public/images/0123456789abcdef0123456789abcdef.png)');
    expect(answer.css).toContain('Note: hi');
  });
});
