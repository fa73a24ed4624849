import { describe, expect, it } from 'vitest';
import { node, renderNode } from '../testing/html.tsx';

/** What converted pages carry beyond the editor's fields: links in text, link targets, anchors. */
describe('converted links', () => {
  it('links the words of a paragraph or heading that a link covered, in order', () => {
    const links = [
      { text: 'docs', href: '/docs' },
      { text: 'here', href: 'javascript:alert(1)' },
      { text: 'missing', href: '/nowhere' },
    ];
    const { html } = renderNode(node('paragraph', { text: 'Read the docs, then click here.', links }));
    expect(html).toContain('Read the <a href="/docs" class="underline hover:no-underline">docs</a>, then click <a href="#"');
    expect(html).toContain('>here</a>.</p>');
    expect(renderNode(node('heading', { text: 'Our work', level: 'h2', links: [{ text: 'work', href: '/work' }] })).html).toContain('Our <a href="/work"');
  });

  it('hands a list its links item by item', () => {
    const { all } = renderNode(node('list', { items: ['Home', 'About us', 'Blog'], links: [{ text: 'Home', href: '/' }, { text: 'Blog', href: '/blog' }] }));
    expect(all('li').map((li) => li.children.length)).toEqual([1, 1, 1]);
    expect(all('a').map((a) => a.attribs.href)).toEqual(['/', '/blog']);
  });

  it('ignores links that are not (text, href) pairs', () => {
    const { all } = renderNode(node('paragraph', { text: 'Plain text', links: [{ text: 'Plain' }, 'x', { text: '', href: '/' }] }));
    expect(all('a')).toEqual([]);
  });

  it('draws a button with an address as a link, its address made safe', () => {
    const link = renderNode(node('button', { text: 'Sign up', href: '/signup', variant: 'primary' }));
    expect(link.one('a').attribs.href).toBe('/signup');
    expect(link.all('button')).toEqual([]);
    expect(renderNode(node('button', { text: 'Bad', href: 'javascript:alert(1)' })).one('a').attribs.href).toBe('#');
    expect(renderNode(node('button', { text: 'Plain' })).all('a')).toEqual([]);
  });

  it('links an image, and a box unless it holds links of its own', () => {
    expect(renderNode(node('image', { src: '/logo.png', alt: 'Logo', href: '/' })).one('a').attribs.href).toBe('/');
    const card = renderNode(node('container', { href: '/work/a' }, {}, [node('heading', { text: 'Case A' })]));
    expect(card.one('a').attribs.href).toBe('/work/a');
    const nested = renderNode(node('container', { href: '/work/a' }, {}, [node('button', { text: 'More', href: '/more' })]));
    expect(nested.all('a').map((a) => a.attribs.href)).toEqual(['/more']);
  });

  it('gives an element with an anchor its id', () => {
    expect(renderNode(node('container', { anchor: 'pricing' }, {}, [node('paragraph', { text: 'x' })])).one('div').attribs.id).toBe('pricing');
    expect(renderNode(node('heading', { text: 'FAQ', anchor: 'faq' })).one('h1').attribs.id).toBe('faq');
  });
});
