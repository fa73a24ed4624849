import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { findElement } from './dom.ts';
import { PageStyles, parseSelector } from './page-styles.ts';
import { parseHtml } from './parse-html.ts';
import { urlResolver } from './urls.ts';

/** The page's CSS as the reader takes it, and the element with the given id. */
function read(html: string, pageUrl = 'https://example.com/landing/') {
  const { document } = parseHtml(html);
  const styles = PageStyles.read(document, urlResolver(pageUrl));
  const byId = (id: string): Element => {
    const el = findElement(document, (candidate) => candidate.attribs.id === id);
    if (!el) throw new Error(`no #${id}`);
    return el;
  };
  return { styles, own: (id: string) => styles.own(byId(id)), byId };
}

describe('the selectors it reads', () => {
  it('type, class, id, descendant, child and comma lists, with their specificity', () => {
    const { own } = read(`<style>
      section { color: #111 }
      .hero { background-color: #0a2540 }
      section.hero h1, .card > p { color: #fafafa }
      #intro { color: rgb(1, 2, 3) }
      .hero .hero { color: red }
    </style>
    <section class="hero" id="s"><h1 id="h">Hi</h1><div class="card"><p id="p">a</p><div><p id="deep">b</p></div></div><p id="intro">c</p></section>`);
    expect(own('s')).toEqual({ color: '#111', backgroundColor: '#0a2540' });
    expect(own('h')).toEqual({ color: '#fafafa' });
    expect(own('p')).toEqual({ color: '#fafafa' });
    expect(own('deep')).toEqual({});
    expect(own('intro')).toEqual({ color: 'rgb(1, 2, 3)' });
  });

  it('a later rule of the same specificity wins; a more specific one wins whatever its place', () => {
    const { own } = read(`<style>#a { color: blue } .x { color: green } .x { color: red } div { color: black }</style><div id="a" class="x">t</div><div id="b" class="x">u</div>`);
    expect(own('a')).toEqual({ color: 'blue' });
    expect(own('b')).toEqual({ color: 'red' });
  });

  it('leaves out what it cannot match safely: states, attributes, siblings, pseudo-elements, :not()', () => {
    for (const selector of ['a:hover', 'input[type=text]', 'h1 + p', 'h1 ~ p', 'p::before', '.x:not(.y)', 'li:nth-child(2)', '> p', 'p >']) {
      expect(parseSelector(selector), selector).toBeUndefined();
    }
    expect(parseSelector(':root')?.compounds).toEqual([{ tag: 'html', classes: [] }]);
    expect(parseSelector('a:visited')?.compounds).toEqual([{ tag: 'a', classes: [] }]);
    const { own } = read(`<style>p:hover, p::first-line { color: red } .ok { color: green }</style><p id="p" class="ok">t</p>`);
    expect(own('p')).toEqual({ color: 'green' });
  });

  it('reads rules for wide screens and for every screen, not those for phones, print or a dark scheme', () => {
    const { own } = read(`<style>
      @media (min-width: 768px) { .a { color: #010101 } }
      @media screen and (max-width: 600px) { .a { color: #020202 } }
      @media print { .a { color: #030303 } }
      @media (prefers-color-scheme: dark) { .a { background: #000 } }
      @supports (display: grid) { .b { color: #040404 } }
      @font-face { font-family: x; src: url(x.woff) }
      @keyframes spin { from { color: red } to { color: blue } }
    </style><style media="print">.a { background: red }</style><p id="a" class="a">t</p><p id="b" class="b">u</p>`);
    expect(own('a')).toEqual({ color: '#010101' });
    expect(own('b')).toEqual({ color: '#040404' });
  });
});

describe('the values it reads', () => {
  it('splits the background shorthand into its colour, images, position, size and repeat', () => {
    const { own } = read(`<style>
      .hero { background: #0f3d3e url("img/hero.jpg") center / cover no-repeat; }
      .band { background: linear-gradient(135deg, rgba(0,0,0,.5) 0%, #3b2d5c 100%), #1f2b4d; }
      .plain { background: #fff; }
      .none { background-color: red; background: none; }
    </style><div id="hero" class="hero">a</div><div id="band" class="band">b</div><div id="plain" class="plain">c</div><div id="none" class="none">d</div>`);
    expect(own('hero')).toEqual({
      backgroundImage: 'url("https://example.com/landing/img/hero.jpg")',
      backgroundColor: '#0f3d3e',
      backgroundPosition: 'center',
      backgroundSize: 'cover',
      backgroundRepeat: 'no-repeat',
    });
    expect(own('band')).toEqual({ backgroundImage: 'linear-gradient(135deg, rgba(0,0,0,.5) 0%, #3b2d5c 100%)', backgroundColor: '#1f2b4d' });
    expect(own('plain')).toEqual({ backgroundColor: '#fff' });
    expect(own('none')).toEqual({ backgroundColor: 'transparent' });
  });

  it('fills in custom properties of :root, html or body; a declaration whose variable is unknown is left out', () => {
    const { own } = read(`<style>:root { --brand: #0f3d3e; --ink: var(--brand) } .a { background-color: var(--brand); color: var(--missing) } .b { color: var(--ink) } .c { color: var(--nope, #222) }</style><p id="a" class="a">a</p><p id="b" class="b">b</p><p id="c" class="c">c</p>`);
    expect(own('a')).toEqual({ backgroundColor: '#0f3d3e' });
    expect(own('b')).toEqual({ color: '#0f3d3e' });
    expect(own('c')).toEqual({ color: '#222' });
  });

  it('leaves out an image whose address is not a picture a page may load (javascript:, another scheme)', () => {
    const { own } = read(`<style>.a { background-image: url(javascript:alert(1)); background-color: #123 } .b { background-image: url("data:text/html,<b>") }</style><div id="a" class="a">a</div><div id="b" class="b">b</div>`);
    expect(own('a')).toEqual({ backgroundColor: '#123' });
    expect(own('b')).toEqual({});
  });

  it('reads the old colour attributes beneath every rule: bgcolor, background and body text', () => {
    const { own } = read(`<style>td.x { background-color: #abc }</style><body id="body" text="#333333" bgcolor="#f2efe9"><table><tr><td id="cell" bgcolor="#2d2a26">a</td><td id="x" class="x" bgcolor="#2d2a26">b</td><td id="img" background="bg.png">c</td></tr></table></body>`);
    expect(own('body')).toEqual({ backgroundColor: '#f2efe9', color: '#333333' });
    expect(own('cell')).toEqual({ backgroundColor: '#2d2a26' });
    expect(own('x')).toEqual({ backgroundColor: '#abc' });
    expect(own('img')).toEqual({ backgroundImage: 'url("https://example.com/landing/bg.png")' });
  });

  it('fetches nothing: @import and linked stylesheets are not read', () => {
    const { styles, own } = read(`<link rel="stylesheet" href="https://cdn.example/site.css"><style>@import url("https://cdn.example/more.css"); .a { color: #010203 }</style><p id="a" class="a">t</p>`);
    expect(own('a')).toEqual({ color: '#010203' });
    expect(styles.empty).toBe(false);
  });
});

describe('what an element shows from around it', () => {
  it('the nearest colour and background set above it, each only from one element', () => {
    const { styles, byId } = read(`<style>body { background: #111 url(paper.png); color: #eee } .wrap { color: #ddd }</style><body><div class="wrap"><section id="s">t</section></div></body>`);
    expect(styles.inherited(byId('s'), false)).toEqual({ color: '#ddd', backgroundColor: '#111', backgroundImage: 'url("https://example.com/landing/paper.png")' });
  });

  it('nothing when the page sets nothing', () => {
    const { styles, byId } = read(`<section id="s">t</section>`);
    expect(styles.empty).toBe(true);
    expect(styles.inherited(byId('s'), true)).toEqual({});
  });
});
