import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH } from '../constants.ts';
import { pageContentSchema } from '../content-schema.ts';
import { sequentialIds } from '../testing/fixtures.ts';
import { walk } from '../tree.ts';
import type { ComponentNode, PageContent } from '../types.ts';
import { convertHtml, type ConvertOptions } from './convert-html.ts';
import { CONVERTER_MESSAGES } from './messages.ts';

function convert(html: string, options: ConvertOptions = {}) {
  const result = convertHtml(html, { makeId: sequentialIds(), ...options });
  if (!result.ok) throw new Error(`conversion failed: ${result.message}`);
  return result;
}

/** Every component, depth first. */
function all(doc: PageContent): ComponentNode[] {
  const found: ComponentNode[] = [];
  walk(doc, (node, path) => {
    if (path.length > 1) found.push(node as ComponentNode);
  });
  return found;
}

const ofType = (doc: PageContent, type: string) => all(doc).filter((node) => node.type === type);
const only = (doc: PageContent, type: string) => {
  const nodes = ofType(doc, type);
  expect(nodes, `one ${type}`).toHaveLength(1);
  return nodes[0]!;
};

describe('convertHtml: input', () => {
  it.each(['', '   ', '\n\t '])('refuses blank input %j with the specified message', (html) => {
    expect(convertHtml(html)).toEqual({ ok: false, message: 'Please enter HTML content' });
  });

  it('says the structure has nothing to convert when only scripts, styles and the head are there', () => {
    const html = '<html><head><title>Hi</title><style>p{}</style></head><body><script>alert(1)</script><noscript>Enable JS</noscript></body></html>';
    expect(convertHtml(html)).toEqual({ ok: false, message: 'Failed to convert HTML. Please check your HTML structure.' });
  });

  it('refuses more than 5 MB', () => {
    const html = `<p>${'x'.repeat(5 * 1024 * 1024)}</p>`;
    expect(convertHtml(html)).toEqual({ ok: false, message: CONVERTER_MESSAGES.tooLarge });
  });

  it("names the document's title (which is not page content)", () => {
    const result = convert('<html><head><title> Spring &amp; Summer </title></head><body><p>Hi</p></body></html>');
    expect(result.title).toBe('Spring & Summer');
    expect(all(result.sections).map((n) => n.props.text)).toEqual(['Hi']);
    expect(convert('<p>Hi</p>').title).toBeUndefined();
  });

  it('takes a fragment without html or body', () => {
    const { sections } = convert('<h2>Hello</h2><p>World</p>');
    expect(all(sections).map((n) => [n.type, n.props.text])).toEqual([
      ['heading', 'Hello'],
      ['paragraph', 'World'],
    ]);
  });
});

describe('convertHtml: sections', () => {
  it('makes a section of each top-level header, section and footer, looking through main and page wrappers', () => {
    const { sections } = convert(`
      <body><div id="root"><div class="page">
        <header class="bg-white"><p>Logo</p></header>
        <main><section class="py-20"><h1>One</h1></section><section id="two"><h2>Two</h2></section></main>
        <footer><p>Bye</p></footer>
      </div></div></body>`);
    expect(sections.map((s) => s.props.tailwindClasses)).toEqual(['bg-white', 'py-20', '', '']);
    expect(sections.map((s) => all([s]).map((n) => n.props.text))).toEqual([['Logo'], ['One'], ['Two'], ['Bye']]);
  });

  it('groups loose content into sections, a new one at each h1 or h2', () => {
    const { sections } = convert('<body><h1>Title</h1><p>Intro</p><h2>Part A</h2><p>a</p><h3>Sub</h3><p>b</p><h2>Part B</h2></body>');
    expect(sections.map((s) => all([s]).map((n) => n.props.text))).toEqual([['Title', 'Intro'], ['Part A', 'a', 'Sub', 'b'], ['Part B']]);
  });

  it('keeps the id of a section that a link of the page points to', () => {
    const { sections } = convert('<nav><a href="#pricing">Pricing</a></nav><section id="pricing"><p>$9</p></section><section id="unused"><p>x</p></section>');
    expect(sections.map((s) => s.props.anchor)).toEqual([undefined, 'pricing', undefined]);
  });

  it('gives ids that are unique and look like the type followed by a timestamp', () => {
    const result = convertHtml('<section><h1>A</h1><p>B</p></section><section><p>C</p></section>');
    expect(result.ok).toBe(true);
    const ids: string[] = [];
    if (result.ok) walk(result.sections, (node) => ids.push(node.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(?:section|heading|paragraph)-\d{13}-[a-z2-7]{8}$/);
  });
});

describe('convertHtml: text', () => {
  it('keeps headings with their level and classes, sized by the level when the classes give no size', () => {
    const { sections } = convert('<h1 class="text-5xl font-bold">Big</h1><h3 class="fw-bold">Small</h3><h4>Plain</h4>');
    expect(ofType(sections, 'heading').map((h) => [h.props.level, h.props.text, h.props.tailwindClasses])).toEqual([
      ['h1', 'Big', 'text-5xl font-bold'],
      ['h3', 'Small', 'fw-bold text-2xl font-semibold'],
      ['h4', 'Plain', 'text-xl font-medium'],
    ]);
    // No inline size over the classes (the heading's default 2rem would win over text-5xl).
    expect(ofType(sections, 'heading').every((h) => h.styles.fontSize === undefined)).toBe(true);
  });

  it('collapses whitespace, decodes entities, keeps line breaks and marks text that is all bold or italic', () => {
    const { sections } = convert('<p>  Gr&uuml;&szlig;e   aus\n  M&uuml;nchen&nbsp;&ndash; <br> zweite Zeile </p><p><strong>All <em>bold</em></strong></p><p><em>All italic</em></p>');
    const [first, bold, italic] = ofType(sections, 'paragraph');
    expect(first!.props.text).toBe('Grüße aus München\u00a0–\nzweite Zeile');
    expect([first!.props.bold, bold!.props.bold, bold!.props.italic, italic!.props.italic]).toEqual(['false', 'true', 'false', 'true']);
  });

  it('keeps links inside text as text with their targets; a link on its own becomes a button that keeps it', () => {
    const { sections } = convert('<p>Read the <a href="/docs">docs</a> or <a href="mailto:a@b.c">write</a>.</p><p><a href="/more" class="text-sm">Learn more</a></p>');
    const paragraph = only(sections, 'paragraph');
    expect(paragraph.props).toMatchObject({ text: 'Read the docs or write.', links: [{ text: 'docs', href: '/docs' }, { text: 'write', href: 'mailto:a@b.c' }] });
    expect(only(sections, 'button').props).toMatchObject({ text: 'Learn more', href: '/more', variant: 'ghost', tailwindClasses: 'text-sm' });
  });

  it('turns button-like links into buttons with a variant from their classes', () => {
    const { sections } = convert(`<div>
      <a class="btn btn-primary" href="/a">A</a>
      <a class="btn btn-outline-light" href="/b">B</a>
      <a class="rounded-md bg-indigo-600 px-3 py-2 text-white" href="/c">C</a>
      <a class="elementor-button" href="/d"><span class="elementor-button-text">D</span></a>
    </div>`);
    expect(ofType(sections, 'button').map((b) => [b.props.text, b.props.href, b.props.variant])).toEqual([
      ['A', '/a', 'primary'],
      ['B', '/b', 'outline'],
      ['C', '/c', 'primary'],
      ['D', '/d', 'primary'],
    ]);
  });

  it('keeps text in elements with no component of their own as paragraphs', () => {
    const { sections } = convert('<my-widget>Custom element text</my-widget><address>1 Main St</address><marquee>Old school</marquee><details><summary>More</summary>Hidden until opened</details>');
    expect(ofType(sections, 'paragraph').map((p) => p.props.text)).toEqual(['Custom element text', '1 Main St', 'Old school', 'More', 'Hidden until opened']);
  });

  it('leaves out script, style, meta, link, title, noscript, template and hidden elements', () => {
    const { sections } = convert(`<head><title>T</title><meta name="x" content="y"><link rel="stylesheet" href="a.css"><style>.a{}</style></head>
      <body><p>Shown</p><script>var x = "secret";</script><noscript>no js</noscript><template><p>tpl</p></template>
      <p hidden>hidden</p><p style="display: none">none</p><input type="hidden" name="token" value="t"></body>`);
    expect(all(sections).map((n) => n.props.text)).toEqual(['Shown']);
  });

  it('keeps a preformatted block with its line breaks and spaces', () => {
    const { sections } = convert('<pre><code>if (a) {\n  b();\n}</code></pre>');
    expect(only(sections, 'paragraph').props.text).toBe('if (a) {\n  b();\n}');
  });

  it('makes a testimonial of a quote with its attribution', () => {
    const { sections } = convert(`<figure><blockquote><p>&ldquo;Best coach ever.&rdquo;</p></blockquote>
      <figcaption><img src="/jane.jpg" alt=""><div>Jane Doe</div><div>CEO, Acme</div></figcaption></figure>`);
    expect(only(sections, 'testimonial').props).toMatchObject({ quote: 'Best coach ever.', author: 'Jane Doe', position: 'CEO, Acme', avatar: '/jane.jpg' });
  });
});

describe('convertHtml: lists', () => {
  it('makes lists of items, nested items following their parent, links kept', () => {
    const { sections } = convert('<ol class="list-decimal"><li>One</li><li>Two<ul><li>Two <a href="/a">a</a></li></ul></li></ol><ul><li><p>In a paragraph</p></li></ul>');
    const [ordered, unordered] = ofType(sections, 'list');
    expect(ordered!.props).toMatchObject({ type: 'ol', items: ['One', 'Two', 'Two a'], links: [{ text: 'a', href: '/a' }], tailwindClasses: 'list-decimal' });
    expect(unordered!.props).toMatchObject({ type: 'ul', items: ['In a paragraph'] });
  });

  it('keeps list items with images or headings as boxes of their own', () => {
    const { sections } = convert('<ul><li><img src="/a.png" alt="A"><h3>Feature</h3><p>Text</p></li><li><h3>Other</h3></li></ul>');
    expect(ofType(sections, 'list')).toHaveLength(0);
    expect(all(sections).map((n) => n.type)).toEqual(['image', 'heading', 'paragraph', 'heading']);
  });
});

describe('convertHtml: media', () => {
  it('keeps images with alt, title and size; a lazy-loaded image gets its real address', () => {
    const { sections } = convert(`<img src="/a.jpg" alt="A" title="T" width="400" height="300" class="rounded">
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/real.jpg" alt="Lazy">
      <picture><source srcset="/b.webp" type="image/webp"><img src="/b.jpg" alt="B" class="w-full"></picture>`);
    expect(ofType(sections, 'image').map((i) => [i.props.src, i.props.alt, i.props.width, i.props.height, i.props.tailwindClasses])).toEqual([
      ['/a.jpg', 'A', '400px', '300px', 'rounded'],
      ['/real.jpg', 'Lazy', '', '', ''],
      ['/b.jpg', 'B', '', '', 'w-full'],
    ]);
  });

  it("resolves addresses against the page's <base href>", () => {
    const { sections } = convert('<head><base href="/assets/"></head><body><img src="a.png" alt="a"></body>', { pageUrl: 'https://example.com/x/page.html' });
    expect(only(sections, 'image').props.src).toBe('https://example.com/assets/a.png');
  });

  it('makes relative addresses absolute against the page they came from, and says so when it cannot', () => {
    const fetched = convert('<img src="img/a.png" alt="a"><p><a href="../b">b</a></p><p><a href="#top">top</a></p>', { pageUrl: 'https://example.com/x/page.html' });
    expect(only(fetched.sections, 'image').props.src).toBe('https://example.com/x/img/a.png');
    expect(ofType(fetched.sections, 'button').map((b) => b.props.href)).toEqual(['https://example.com/b', '#top']);
    expect(fetched.warnings).toEqual([]);
    expect(convert('<img src="img/a.png" alt="a">').warnings).toEqual([expect.stringMatching(/^Relative links and image addresses were kept/)]);
  });

  it('drops link targets and sources that would run script', () => {
    const { sections } = convert('<p><a href="javascript:alert(1)">Click</a></p><p><a href=" java\tscript:alert(1)">Tab</a></p><img src="javascript:alert(1)" alt="x"><p><a href="data:text/html,<script>">d</a></p>');
    expect(JSON.stringify(sections)).not.toMatch(/javascript|data:text/i);
    expect(ofType(sections, 'button').map((b) => b.props.text)).toEqual(['Click', 'Tab', 'd']);
  });

  it('makes video components of video elements', () => {
    const { sections } = convert('<video controls muted loop poster="/p.jpg" width="640"><source src="/v.mp4" type="video/mp4">Your browser cannot play this</video>');
    expect(only(sections, 'video').props).toMatchObject({ src: '/v.mp4', poster: '/p.jpg', controls: 'true', muted: 'true', loop: 'true', autoplay: 'false', width: '640px' });
    expect(ofType(sections, 'paragraph')).toHaveLength(0);
  });

  it('makes youtube components of YouTube frames, scripted players and Elementor video widgets', () => {
    const { sections } = convert(`<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1" title="Talk" width="100%"></iframe>
      <iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?controls=0"></iframe>
      <lite-youtube videoid="M7lc1UVf-VE"></lite-youtube>
      <div class="elementor-widget-video" data-settings='{"youtube_url":"https:\\/\\/youtu.be\\/XHOmBV4js_E"}'><div class="elementor-video"></div></div>`);
    expect(ofType(sections, 'youtube').map((y) => [y.props.videoId, y.props.title, y.props.autoplay, y.props.muted, y.props.controls])).toEqual([
      ['dQw4w9WgXcQ', 'Talk', 'true', 'true', 'true'],
      ['aqz-KE-bpKQ', 'YouTube video', 'false', 'false', 'false'],
      ['M7lc1UVf-VE', 'YouTube video', 'false', 'false', 'true'],
      ['XHOmBV4js_E', 'YouTube video', 'false', 'false', 'true'],
    ]);
    expect(ofType(sections, 'youtube')[0]!.props.width).toBe('100%');
  });

  it('keeps other frames as a link, with a warning', () => {
    const result = convert('<iframe src="https://player.vimeo.com/video/1" title="Our film"></iframe>');
    expect(only(result.sections, 'button').props).toMatchObject({ text: 'Our film', href: 'https://player.vimeo.com/video/1' });
    expect(result.warnings).toEqual(['An embedded frame (https://player.vimeo.com/video/1) has no builder component: it became a link']);
  });

  it('makes dividers of rules, and social links of icon links to social profiles', () => {
    const { sections } = convert('<hr class="my-8"><footer><a href="https://x.com/acme" aria-label="X"><svg></svg></a><a href="https://www.linkedin.com/company/acme"><svg></svg></a></footer>');
    expect(only(sections, 'divider').props).toMatchObject({ type: 'horizontal', tailwindClasses: 'my-8' });
    expect(only(sections, 'socialLinks').props).toMatchObject({ platforms: ['twitter', 'linkedin'], links: { twitter: 'https://x.com/acme', linkedin: 'https://www.linkedin.com/company/acme' } });
  });
});

describe('convertHtml: forms', () => {
  it('converts controls with their labels (for= and wrapping), options, rows and required', () => {
    const result = convert(`<form action="/subscribe" method="post" class="space-y-4">
      <label for="name">Your name</label><input id="name" name="name" placeholder="Jane" required>
      <label>Email <input type="email" name="email"></label>
      <input type="search" placeholder="Find">
      <input type="date" name="when">
      <input type="hidden" name="token" value="t">
      <select name="plan" required><option>Basic</option><optgroup label="Paid"><option>Pro</option></optgroup></select>
      <textarea rows="40">Hello</textarea>
      <input type="checkbox" id="ok" checked><label for="ok">I agree to the <a href="/terms">terms</a></label>
      <label><input type="radio" name="size" value="s"> Small</label>
      <input type="submit" value="Join">
      <button>Send</button>
    </form>`);
    const form = only(result.sections, 'container');
    expect(form.props).toMatchObject({ action: '/subscribe', method: 'post', tailwindClasses: 'space-y-4' });
    expect(form.components!.map((n) => n.type)).toEqual(['input', 'input', 'input', 'input', 'select', 'textarea', 'checkbox', 'radio', 'button', 'button']);
    const [name, email, search, date, select, textarea, checkbox, radio, submit, send] = form.components!;
    expect(name!.props).toMatchObject({ type: 'text', label: 'Your name', placeholder: 'Jane', required: 'true', name: 'name' });
    expect(email!.props).toMatchObject({ type: 'email', label: 'Email', placeholder: '', required: 'false' });
    expect(search!.props).toMatchObject({ type: 'text', placeholder: 'Find', label: '' });
    expect(date!.props).toMatchObject({ type: 'text', name: 'when' });
    expect(select!.props).toMatchObject({ options: ['Basic', 'Pro'], required: 'true', label: '' });
    expect(textarea!.props).toMatchObject({ rows: 20, value: 'Hello' });
    expect(checkbox!.props).toMatchObject({ label: 'I agree to the terms', checked: 'true', links: [{ text: 'terms', href: '/terms' }] });
    expect(radio!.props).toMatchObject({ label: 'Small', name: 'size', checked: 'false' });
    expect(submit!.props).toMatchObject({ text: 'Join', type: 'submit' });
    expect(send!.props).toMatchObject({ text: 'Send', type: 'submit' });
    expect(result.warnings).toContain("A date field became a text field: the builder's inputs take text, email, password, number, tel and url");
    expect(result.warnings.filter((w) => w.includes('search'))).toEqual([]);
    // Labels given to their controls are not repeated as text.
    expect(ofType(result.sections, 'paragraph')).toHaveLength(0);
  });
});

describe('convertHtml: layout', () => {
  it('puts a top-level row of columns in a section of its own, the layout classes on the grid', () => {
    const { sections } = convert('<div class="bg-gray-50 grid md:grid-cols-2" style="display: grid; color: red"><div><p>a</p></div><div><p>b</p></div></div>');
    expect(sections[0]!.props.tailwindClasses).toBe('bg-gray-50');
    expect(sections[0]!.styles).toEqual({ customCSS: 'color: red' });
    expect(only(sections, 'grid').props).toMatchObject({ columns: 2, tailwindClasses: 'grid md:grid-cols-2' });
  });

  it('makes a grid of a Tailwind grid, one grid per row when there are more children than columns', () => {
    const { sections } = convert(`<section><div class="mx-auto grid grid-cols-1 gap-8 md:grid-cols-3">
      ${[1, 2, 3, 4, 5].map((n) => `<div class="card"><h3>Card ${n}</h3></div>`).join('')}</div></section>`);
    const grids = ofType(sections, 'grid');
    expect(grids.map((g) => [g.props.columns, g.props.columnWidths, g.props.gap, g.props.tailwindClasses])).toEqual([
      [3, '1fr 1fr 1fr', '', 'grid grid-cols-1 gap-8 md:grid-cols-3'],
      [3, '1fr 1fr 1fr', '', 'grid grid-cols-1 gap-8 md:grid-cols-3'],
    ]);
    // The box around the rows keeps the other classes, the cells the card's, the last row's empty cell nothing.
    expect(only(sections, 'container').props.tailwindClasses).toBe('mx-auto');
    const cells = grids.flatMap((g) => g.components!);
    expect(cells.map((c) => [c.type, c.props.columnIndex, c.props.tailwindClasses, c.components!.map((n) => n.props.text)])).toEqual([
      ['gridCell', 0, 'card', ['Card 1']],
      ['gridCell', 1, 'card', ['Card 2']],
      ['gridCell', 2, 'card', ['Card 3']],
      ['gridCell', 0, 'card', ['Card 4']],
      ['gridCell', 1, 'card', ['Card 5']],
      ['gridCell', 2, '', []],
    ]);
  });

  it('reads column widths from Bootstrap, Webflow, Elementor and Tailwind spans', () => {
    const widths = (html: string) => ofType(convert(html).sections, 'grid').map((g) => [g.props.columns, g.props.columnWidths]);
    expect(widths('<div class="row"><div class="col-md-8"><p>a</p></div><div class="col-md-4"><p>b</p></div></div>')).toEqual([[2, '2fr 1fr']]);
    expect(widths('<div class="w-row"><div class="w-col w-col-7"><p>a</p></div><div class="w-col w-col-5"><p>b</p></div></div>')).toEqual([[2, '1.4fr 1fr']]);
    expect(widths('<div class="elementor-container"><div class="elementor-column elementor-col-33"><p>a</p></div><div class="elementor-column elementor-col-66"><p>b</p></div></div>')).toEqual([[2, '1fr 2fr']]);
    expect(widths('<div class="grid lg:grid-cols-3"><div class="lg:col-span-2"><p>a</p></div><div><p>b</p></div></div>')).toEqual([[2, '2fr 1fr']]);
    expect(widths('<div class="row"><div class="col-md-6"><p>a</p></div><div class="col-md-6"><p>b</p></div><div class="col-md-6"><p>c</p></div><div class="col-md-6"><p>d</p></div></div>')).toEqual([
      [2, '1fr 1fr'],
      [2, '1fr 1fr'],
    ]);
  });

  it('makes a grid of a flex row of 2 to 4 columns, not of a row of buttons or of more than 4 columns', () => {
    expect(ofType(convert('<div class="flex flex-col md:flex-row"><div><p>a</p></div><div><p>b</p></div></div>').sections, 'grid')).toHaveLength(1);
    expect(ofType(convert('<div style="display:flex"><section><p>a</p></section><aside><p>b</p></aside></div>').sections, 'grid')).toHaveLength(1);
    expect(ofType(convert('<div class="flex flex-col"><div><p>a</p></div><div><p>b</p></div></div>').sections, 'grid')).toHaveLength(0);
    expect(ofType(convert('<div class="flex gap-4"><a class="btn" href="/a">A</a><a class="btn" href="/b">B</a></div>').sections, 'grid')).toHaveLength(0);
    expect(ofType(convert(`<div class="flex">${'<div><p>x</p></div>'.repeat(5)}</div>`).sections, 'grid')).toHaveLength(0);
  });

  it('lays out table rows of 2 to 4 cells as grids and reads wider rows as lines', () => {
    const { sections } = convert(`<table><tr><td width="25%">A</td><td width="75%">B</td></tr>
      <tr><th>1</th><th>2</th><th>3</th><th>4</th><th>5</th></tr></table>`);
    expect(only(sections, 'grid').props).toMatchObject({ columns: 2, columnWidths: '1fr 3fr' });
    expect(ofType(sections, 'paragraph').map((p) => p.props.text)).toEqual(['A', 'B', '1 | 2 | 3 | 4 | 5']);
  });

  it('looks through class-less wrappers and merges nested boxes into one container', () => {
    const { sections } = convert('<section><div><div><div class="mx-auto max-w-7xl"><div class="px-6"><h2>Hi</h2><p>There</p></div></div></div></div></section>');
    const container = only(sections, 'container');
    expect(container.props).toMatchObject({ tailwindClasses: 'mx-auto max-w-7xl px-6', padding: '', maxWidth: '' });
    expect(container.components!.map((n) => n.type)).toEqual(['heading', 'paragraph']);
  });

  it('carries style attributes as customCSS, without declarations the model refuses', () => {
    const { sections } = convert('<section><div style="background-color: #fff; color: red; background: url(javascript:alert(1))"><p>a</p><p>b</p></div></section>');
    expect(only(sections, 'container').styles).toEqual({ customCSS: 'background-color: #fff; color: red' });
  });
});

describe('convertHtml: depth', () => {
  it('keeps deeply nested boxes within the nesting limit without losing text', () => {
    const depth = 60;
    const html = `${'<div class="box"><p>level</p>'.repeat(depth)}<p>deepest</p>${'</div>'.repeat(depth)}`;
    const { sections } = convert(html);
    expect(pageContentSchema.safeParse(sections).success).toBe(true);
    let deepest = 0;
    walk(sections, (_node, path) => (deepest = Math.max(deepest, path.length - 1)));
    expect(deepest).toBeLessThanOrEqual(MAX_NESTING_DEPTH);
    const texts = ofType(sections, 'paragraph').map((p) => p.props.text);
    expect(texts.filter((t) => t === 'level')).toHaveLength(depth);
    expect(texts.at(-1)).toBe('deepest');
  });

  it('survives hostile nesting twenty thousand levels deep (past any call stack), keeping its text', () => {
    const depth = 20_000;
    const html = `${'<div>'.repeat(depth)}<b>${'<i>'.repeat(1000)}core${'</i>'.repeat(1000)}</b>${'</div>'.repeat(depth)}`;
    const result = convertHtml(html, { makeId: sequentialIds() });
    expect(result.ok).toBe(true);
    if (result.ok) expect(all(result.sections).map((n) => n.props.text)).toContain('core');
  });
});
