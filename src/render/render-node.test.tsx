import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from '../shared/landing-pages/component-definitions.ts';
import { HEADING_LEVEL_CLASSES } from '../shared/landing-pages/constants.ts';
import { createComponent } from '../shared/landing-pages/create.ts';
import { childrenOf } from '../shared/landing-pages/tree.ts';
import type { TreeNode } from '../shared/landing-pages/types.ts';
import { sequentialIds } from '../shared/landing-pages/testing/fixtures.ts';
import { NODE_COMPONENTS, pageRenderContext, RenderNode } from './render-node.tsx';
import type { RenderContext } from './render-context.ts';
import { childElements, classesOf, node, renderHtml, renderNode, textOf, type HtmlElement } from './testing/html.tsx';

const attr = (element: { attribs: Record<string, string> }, name: string) => element.attribs[name];

describe('the component registry', () => {
  it('has a component for each of the 25 types', () => {
    expect(COMPONENT_TYPES).toHaveLength(25);
    expect(Object.keys(NODE_COMPONENTS).sort()).toEqual([...COMPONENT_TYPES].sort());
  });

  it("throws 'Unknown component type: {type}' for a type it does not know", () => {
    expect(() => renderNode(node('carousel'))).toThrow(new Error('Unknown component type: carousel'));
    expect(() => renderNode(node('toString'))).toThrow('Unknown component type: toString');
  });
});

describe('every component', () => {
  it("carries its tailwindClasses as class and its styles, with customCSS on top, as style", () => {
    for (const type of COMPONENT_TYPES) {
      const { html } = renderNode(
        node(type, { tailwindClasses: 'lp-probe-class' }, { marginTop: '7px', color: 'red', customCSS: 'color: blue; letter-spacing: 2px' }),
      );
      expect(html, type).toMatch(/class="[^"]*\blp-probe-class\b/);
      expect(html, type).toMatch(/style="[^"]*margin-top:7px;color:blue;letter-spacing:2px/);
    }
  });

  it('leaves junk out of the style attribute', () => {
    const { html } = renderNode(node('paragraph', {}, { color: 'red', '<bad>': 'x', customCSS: 'background: url(javascript:alert(1)); width: 10px' }));
    expect(html).toContain('style="color:red;width:10px"');
  });

  it('renders its children through the context, so the builder can wrap each one', () => {
    const wrapped: RenderContext = {
      renderChildren: (parent: TreeNode, ctx) =>
        childrenOf(parent).map((child) => (
          <div key={child.id} data-wrapped={child.id}>
            <RenderNode node={child} ctx={ctx} />
          </div>
        )),
    };
    for (const type of ['container', 'section', 'gridCell', 'heroWithNavigation', 'grid'] as const) {
      const child = type === 'grid' ? node('gridCell', { content: 'Inside' }) : node('paragraph', { text: 'Inside' });
      const rendered = renderNode({ ...node(type), components: [{ ...child, id: 'kid' }] }, wrapped);
      expect(rendered.withAttribute('data-wrapped').map((el) => attr(el, 'data-wrapped')), type).toEqual(['kid']);
      expect(rendered.text, type).toContain('Inside');
    }
  });
});

describe('text components', () => {
  it('heading: h1 with the level classes by default; its level, text and text styles when set', () => {
    const plain = renderNode(node('heading'));
    expect(textOf(plain.one('h1'))).toBe('Your heading');
    expect(attr(plain.one('h1'), 'class')).toBe(HEADING_LEVEL_CLASSES.h1);
    const styled = renderNode(node('heading', { text: 'Prices', level: 'h3', italic: 'true', underline: 'true', tailwindClasses: 'text-2xl' }));
    expect(styled.all('h1')).toEqual([]);
    expect(textOf(styled.one('h3'))).toBe('Prices');
    expect(classesOf(styled.one('h3'))).toEqual(['italic', 'underline', 'text-2xl']);
  });

  it('paragraph: its text with line breaks kept, bold when set', () => {
    expect(textOf(renderNode(node('paragraph')).one('p'))).toBe('Write your text here.');
    const p = renderNode(node('paragraph', { text: 'One\nTwo', bold: 'true' })).one('p');
    expect(p.children.map((c) => ('data' in c ? c.data : ''))).toEqual(['One\nTwo']);
    expect(classesOf(p)).toEqual(['whitespace-pre-line', 'font-bold']);
  });

  it('list: three bullet items by default; an ordered list of its items when set', () => {
    const plain = renderNode(node('list'));
    expect(plain.all('li').map(textOf)).toEqual(['First item', 'Second item', 'Third item']);
    expect(classesOf(plain.one('ul'))).toContain('list-disc');
    const ordered = renderNode(node('list', { type: 'ol', items: ['Sign up', 'Show up'] }));
    expect(ordered.all('ul')).toEqual([]);
    expect(ordered.all('li').map(textOf)).toEqual(['Sign up', 'Show up']);
    expect(classesOf(ordered.one('ol'))).toContain('list-decimal');
  });
});

describe('media components', () => {
  it('image: a sized placeholder without a source', () => {
    const rendered = renderNode(node('image'));
    expect(rendered.all('img')).toEqual([]);
    expect(rendered.text).toBe('No image selected');
    expect(rendered.html).toContain('width:400px;height:300px');
  });

  it('image: source, alt, title, size and fit, loaded lazily', () => {
    const img = renderNode(node('image', { src: '/uploads/cat.webp', alt: 'A cat', title: 'Our cat', width: '640px', height: '480px', objectFit: 'contain' })).one('img');
    expect(img.attribs).toMatchObject({ src: '/uploads/cat.webp', alt: 'A cat', title: 'Our cat', width: '640', height: '480', loading: 'lazy', decoding: 'async' });
    expect(attr(img, 'style')).toBe('width:640px;height:auto;max-width:100%;aspect-ratio:640 / 480;object-fit:contain');
  });

  it('image: a library image comes in the widths the server makes (srcset), sized to its width; others get none', () => {
    const url = '/api/public/images/0123456789abcdef0123456789abcdef.jpg';
    const img = renderNode(node('image', { src: url, width: '640px', height: '480px' })).one('img');
    expect(attr(img, 'srcset')).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url}?w=1920 1920w`);
    expect(attr(img, 'sizes')).toBe('(max-width: 640px) 100vw, 640px');
    expect(attr(renderNode(node('image', { src: url, width: '100%' })).one('img'), 'sizes')).toBe('100vw');
    const other = renderNode(node('image', { src: '/uploads/cat.webp' })).one('img');
    expect(other.attribs).not.toHaveProperty('srcset');
    expect(other.attribs).not.toHaveProperty('sizes');
  });

  it('image: an empty alt without one (decorative), no size attributes for relative sizes, no unsafe source', () => {
    const img = renderNode(node('image', { src: 'https://cdn.example.com/a.png', width: '50%', height: 'auto' })).one('img');
    expect(attr(img, 'alt')).toBe('');
    expect(img.attribs).not.toHaveProperty('width');
    expect(img.attribs).not.toHaveProperty('title');
    expect(attr(img, 'style')).toContain('object-fit:cover');
    expect(renderNode(node('image', { src: 'javascript:alert(1)' })).all('img')).toEqual([]);
  });

  it('video: a placeholder without a source; controls on by default; every setting when set', () => {
    expect(renderNode(node('video')).text).toBe('No video selected');
    const plain = renderNode(node('video', { src: '/media/intro.mp4' })).one('video');
    expect(Object.keys(plain.attribs).sort()).toEqual(['class', 'controls', 'playsinline', 'preload', 'src', 'style']);
    const all = renderNode(node('video', { src: 'https://cdn.example.com/a.mp4', poster: '/p.jpg', controls: 'false', autoplay: 'true', muted: 'true', loop: 'true', width: '640px' })).one('video');
    expect(all.attribs).toMatchObject({ src: 'https://cdn.example.com/a.mp4', poster: '/p.jpg', autoplay: '', muted: '', loop: '', playsinline: '' });
    expect(all.attribs).not.toHaveProperty('controls');
    expect(attr(all, 'style')).toContain('width:640px');
    expect(renderNode(node('video', { src: 'javascript:alert(1)' })).all('video')).toEqual([]);
  });

  it('youtube: a consent placeholder for the privacy-enhanced embed, nothing loaded from YouTube', () => {
    const rendered = renderNode(node('youtube', { videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', title: 'Our story', autoplay: 'true', muted: 'true', controls: 'false', rel: 'true' }));
    const [box] = rendered.withAttribute('data-youtube-embed');
    expect(box!.attribs).toMatchObject({
      'data-youtube-id': 'dQw4w9WgXcQ',
      'data-embed-src': 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&controls=0&showinfo=1&rel=1',
      'data-title': 'Our story',
    });
    expect(attr(box!, 'style')).toBe('width:560px;height:auto;max-width:100%;aspect-ratio:560 / 315');
    expect(textOf(rendered.one('button'))).toBe('Load video');
    expect(rendered.one('button').attribs).toMatchObject({ type: 'button', 'data-youtube-load': '' });
    expect(rendered.text).toContain('Our story');
    expect(rendered.text).toContain('YouTube, which sets cookies');
    expect(rendered.all('iframe')).toEqual([]);
    expect(rendered.all('img')).toEqual([]);
  });

  it('youtube: default settings as embed parameters; short links and bare ids work too', () => {
    const [box] = renderNode(node('youtube', { videoId: 'youtu.be/dQw4w9WgXcQ' })).withAttribute('data-embed-src');
    expect(attr(box!, 'data-embed-src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=0&mute=0&controls=1&showinfo=1&rel=0');
    expect(attr(box!, 'data-title')).toBe('YouTube video');
    expect(renderNode(node('youtube', { videoId: 'dQw4w9WgXcQ' })).withAttribute('data-youtube-id')).toHaveLength(1);
  });

  it('youtube: a clear message instead of a player for a missing or invalid video', () => {
    const missing = renderNode(node('youtube'));
    expect(missing.withAttribute('data-youtube-embed')).toEqual([]);
    expect(missing.text).toBe('No YouTube video chosen: enter a YouTube link or video id.');
    const invalid = renderNode(node('youtube', { videoId: 'https://vimeo.com/123' }));
    expect(invalid.withAttribute('data-youtube-embed')).toEqual([]);
    expect(invalid.text).toBe('"https://vimeo.com/123" is not a YouTube link or video id.');
  });
});

describe('form components', () => {
  it('button: a primary button by default; its type, variant and text when set', () => {
    const plain = renderNode(node('button')).one('button');
    expect(attr(plain, 'type')).toBe('button');
    expect(textOf(plain)).toBe('Click me');
    expect(classesOf(plain)).toContain('bg-primary-600');
    const outline = renderNode(node('button', { text: 'Send', type: 'submit', variant: 'outline' })).one('button');
    expect(attr(outline, 'type')).toBe('submit');
    expect(textOf(outline)).toBe('Send');
    expect(classesOf(outline)).toEqual(expect.arrayContaining(['border', 'border-primary-600', 'bg-transparent']));
    expect(classesOf(outline)).not.toContain('bg-primary-600');
    expect(classesOf(renderNode(node('button', { variant: 'ghost' })).one('button'))).not.toContain('border');
    expect(classesOf(renderNode(node('button', { variant: 'secondary' })).one('button'))).toContain('bg-gray-100');
  });

  it("button: the author's classes win over the variant's", () => {
    const button = renderNode(node('button', { variant: 'secondary', tailwindClasses: 'mt-8 bg-white text-primary-700 hover:bg-primary-50' })).one('button');
    expect(classesOf(button)).toEqual(expect.arrayContaining(['mt-8', 'bg-white', 'text-primary-700', 'hover:bg-primary-50']));
    expect(classesOf(button)).not.toEqual(expect.arrayContaining(['bg-gray-100']));
    expect(classesOf(button)).not.toContain('text-gray-900');
    expect(classesOf(button)).not.toContain('hover:bg-gray-200');
  });

  it('input: a labelled text field by default', () => {
    const rendered = renderNode(node('input'));
    const input = rendered.one('input');
    expect(input.attribs).toMatchObject({ id: 'lp-field-input-1', type: 'text', placeholder: 'Enter text', name: 'label' });
    expect(input.attribs).not.toHaveProperty('required');
    expect(attr(rendered.one('label'), 'for')).toBe('lp-field-input-1');
    expect(textOf(rendered.one('label'))).toBe('Label');
  });

  it('input: its type, label, placeholder and required when set', () => {
    for (const type of ['text', 'email', 'password', 'number', 'tel', 'url']) {
      expect(attr(renderNode(node('input', { type })).one('input'), 'type')).toBe(type);
    }
    const rendered = renderNode(node('input', { type: 'email', label: 'Your email', placeholder: 'you@example.com', required: 'true' }));
    expect(rendered.one('input').attribs).toMatchObject({ type: 'email', name: 'email', placeholder: 'you@example.com', required: '', autocomplete: 'email' });
    expect(textOf(rendered.one('label'))).toBe('Your email *');
  });

  it('input: a visible label even when none is set', () => {
    expect(textOf(renderNode(node('input', { label: '', placeholder: 'Your city' })).one('label'))).toBe('Your city');
    expect(textOf(renderNode(node('input', { label: '', placeholder: '' })).one('label'))).toBe('Input');
  });

  it('textarea: four rows labelled Message by default; its rows and label when set', () => {
    const plain = renderNode(node('textarea'));
    expect(plain.one('textarea').attribs).toMatchObject({ id: 'lp-field-textarea-1', name: 'message', rows: '4', placeholder: 'Enter your message' });
    expect(textOf(plain.one('label'))).toBe('Message');
    const set = renderNode(node('textarea', { rows: 9, label: 'Your question', required: 'true' }));
    expect(set.one('textarea').attribs).toMatchObject({ rows: '9', name: 'your_question', required: '' });
  });

  it('select: its options, the first one showing; a required one starts on an empty choice', () => {
    const plain = renderNode(node('select'));
    expect(plain.all('option').map(textOf)).toEqual(['Option 1', 'Option 2', 'Option 3']);
    expect(attr(plain.all('option')[0]!, 'value')).toBe('Option 1');
    expect(textOf(plain.one('label'))).toBe('Choose an option');
    const set = renderNode(node('select', { label: 'Team size', options: ['1-5', '6-20'], required: 'true' }));
    expect(set.all('option').map((o) => attr(o, 'value'))).toEqual(['', '1-5', '6-20']);
    expect(set.one('select').attribs).toMatchObject({ name: 'team_size', required: '', id: 'lp-field-select-1' });
  });

  it("checkbox: sends 'true'; unchecked by default, checked and required when set", () => {
    const plain = renderNode(node('checkbox'));
    expect(plain.one('input').attribs).toMatchObject({ type: 'checkbox', value: 'true', name: 'i_agree', id: 'lp-field-checkbox-1' });
    expect(plain.one('input').attribs).not.toHaveProperty('checked');
    expect(attr(plain.one('label'), 'for')).toBe('lp-field-checkbox-1');
    const set = renderNode(node('checkbox', { label: 'Keep me posted', checked: 'true', required: 'true' }));
    expect(set.one('input').attribs).toMatchObject({ checked: '', required: '', name: 'keep_me_posted' });
  });

  it('radio: in its group, sending its label', () => {
    const plain = renderNode(node('radio'));
    expect(plain.one('input').attribs).toMatchObject({ type: 'radio', name: 'choice', value: 'Option' });
    const set = renderNode(node('radio', { label: 'Pro', name: 'Plan', checked: 'true' }));
    expect(set.one('input').attribs).toMatchObject({ name: 'plan', value: 'Pro', checked: '' });
    expect(textOf(set.one('label'))).toBe('Pro');
  });
});

describe('layout components', () => {
  it('container: 1200px wide at most with 1rem padding by default; title, description, background and children', () => {
    expect(renderNode(node('container')).html).toBe('<div class="mx-auto w-full" style="max-width:1200px;padding:1rem"></div>');
    const rendered = renderNode(
      node('container', { title: 'About us', description: 'Who we are', background: 'bg-teal-50', maxWidth: '800px', padding: '2rem' }, {}, [node('paragraph', { text: 'Hello' })]),
    );
    expect(textOf(rendered.one('h2'))).toBe('About us');
    expect(rendered.text).toBe('About us Who we are Hello');
    const box = rendered.one('div');
    expect(classesOf(box)).toContain('bg-teal-50');
    expect(attr(box, 'style')).toBe('max-width:800px;padding:2rem');
  });

  it('section: a <section> with its title, description, background and children', () => {
    expect(renderNode(node('section')).html).toBe('<section class="py-8"></section>');
    const rendered = renderNode(node('section', { title: 'Services', description: 'What we do', background: 'bg-gray-50' }, {}, [node('paragraph', { text: 'Coaching' })]));
    expect(classesOf(rendered.one('section'))).toContain('bg-gray-50');
    expect(textOf(rendered.one('h2'))).toBe('Services');
    expect(rendered.text).toBe('Services What we do Coaching');
  });

  it('grid: two equal columns with a 1rem gap by default, stacking below the width the columns need', () => {
    const grid = createComponent('grid', {}, sequentialIds());
    const rendered = renderNode(grid);
    const [wrapper, inner] = rendered.all('div');
    expect(classesOf(wrapper!)).toEqual(['@container', 'w-full']);
    expect(classesOf(inner!)).toEqual(['grid', 'grid-cols-1', '@min-[416px]:grid-cols-(--lp-grid-columns)']);
    expect(attr(inner!, 'style')).toBe('--lp-grid-columns:minmax(200px, 1fr) minmax(200px, 1fr);gap:1rem');
    expect(childElements(inner!)).toHaveLength(2);
  });

  it('grid: its columns, widths and gap when set; equal columns when the widths do not match the count', () => {
    const three = renderNode(node('grid', { columns: 3, columnWidths: '2fr 1fr minmax(100px, 1fr)', gap: '2rem' })).all('div')[1]!;
    expect(attr(three, 'style')).toBe('--lp-grid-columns:minmax(200px, 2fr) minmax(200px, 1fr) minmax(100px, 1fr);gap:2rem');
    expect(classesOf(three)).toContain('@min-[672px]:grid-cols-(--lp-grid-columns)');
    const one = renderNode(node('grid', { columns: 1, columnWidths: '1fr' })).all('div')[1]!;
    expect(classesOf(one)).toContain('@min-[400px]:grid-cols-(--lp-grid-columns)');
    const mismatched = renderNode(node('grid', { columns: 4, columnWidths: '1fr 2fr', gap: '10px' })).all('div')[1]!;
    expect(attr(mismatched, 'style')).toBe('--lp-grid-columns:minmax(200px, 1fr) minmax(200px, 1fr) minmax(200px, 1fr) minmax(200px, 1fr);gap:10px');
    expect(classesOf(mismatched)).toContain('@min-[832px]:grid-cols-(--lp-grid-columns)');
  });

  it('gridCell: 1rem padding by default; its content, background colour and children', () => {
    expect(renderNode(node('gridCell')).html).toBe('<div class="min-w-0" style="padding:1rem"></div>');
    const rendered = renderNode(node('gridCell', { content: 'Left column', padding: '2rem', backgroundColor: '#f0fdfa' }, {}, [node('button', { text: 'Go' })]));
    expect(attr(rendered.one('div'), 'style')).toBe('padding:2rem;background-color:#f0fdfa');
    expect(rendered.text).toBe('Left column Go');
  });

  it('divider: a horizontal rule by default, a vertical separator when set', () => {
    const horizontal = renderNode(node('divider')).one('hr');
    expect(horizontal.attribs).not.toHaveProperty('aria-orientation');
    expect(classesOf(horizontal)).toContain('border-t');
    const vertical = renderNode(node('divider', { type: 'vertical' })).one('hr');
    expect(attr(vertical, 'aria-orientation')).toBe('vertical');
    expect(classesOf(vertical)).toContain('border-l');
  });

  it('spacer: 2rem of empty space by default, its height when set, hidden from screen readers', () => {
    expect(renderNode(node('spacer')).html).toBe('<div aria-hidden="true" style="height:2rem"></div>');
    expect(renderNode(node('spacer', { height: '5rem' })).html).toContain('height:5rem');
  });
});

describe('blocks', () => {
  it('hero: title and subtitle over a half-dark overlay by default', () => {
    const rendered = renderNode(node('hero'));
    expect(textOf(rendered.one('h1'))).toBe('Welcome');
    expect(textOf(rendered.one('p'))).toBe('A short line about what you offer');
    const [outer, overlay] = rendered.all('div');
    expect(outer!.attribs).not.toHaveProperty('style');
    expect(overlay!.attribs).toMatchObject({ 'aria-hidden': 'true', style: 'opacity:0.5' });
    expect(classesOf(outer!)).toContain('text-white');
  });

  it('hero: its background image and overlay when set; an unsafe image is left out', () => {
    const [outer, overlay] = renderNode(node('hero', { title: 'Grow', backgroundImage: '/uploads/bg.jpg', overlay: 0.8 })).all('div');
    expect(attr(outer!, 'style')).toBe('background-image:url("/uploads/bg.jpg")');
    expect(attr(overlay!, 'style')).toBe('opacity:0.8');
    expect(renderNode(node('hero', { backgroundImage: 'javascript:alert(1)' })).html).not.toContain('background-image');
  });

  it('cta: title, description and a link button', () => {
    const plain = renderNode(node('cta'));
    expect(textOf(plain.one('h2'))).toBe('Ready to get started?');
    expect(textOf(plain.one('p'))).toBe('Join today.');
    expect(plain.one('a').attribs).toMatchObject({ href: '#' });
    expect(textOf(plain.one('a'))).toBe('Get Started');
    const set = renderNode(node('cta', { title: 'Book a call', buttonText: 'Book now', buttonUrl: 'https://cal.example.com/me' }));
    expect(attr(set.one('a'), 'href')).toBe('https://cal.example.com/me');
    expect(attr(renderNode(node('cta', { buttonUrl: 'javascript:alert(1)' })).one('a'), 'href')).toBe('#');
  });

  it('testimonial: a figure with the quote in a blockquote, the author and the role on lines of their own in the caption', () => {
    const plain = renderNode(node('testimonial'));
    expect(textOf(plain.one('blockquote'))).toBe('“What a client says about you.”');
    expect(textOf(plain.one('figcaption'))).toBe('Client name');
    expect(plain.all('img')).toEqual([]);
    const set = renderNode(node('testimonial', { quote: 'Great coach', author: 'Ada', position: 'CTO, Example', avatar: '/uploads/ada.jpg' }));
    // The author and the role are paragraphs of their own, not runs of one line.
    const lines = (caption: HtmlElement) => childElements(childElements(caption).find((child) => child.name === 'div')!).map((line) => [line.name, textOf(line)]);
    expect(lines(set.one('figcaption'))).toEqual([['p', 'Ada'], ['p', 'CTO, Example']]);
    expect(lines(renderNode(node('testimonial', { author: 'Ada', position: '' })).one('figcaption'))).toEqual([['p', 'Ada']]);
    expect(set.one('img').attribs).toMatchObject({ src: '/uploads/ada.jpg', alt: '' });
  });

  it('pricingCard: title, price, period, features and its button', () => {
    const plain = renderNode(node('pricingCard'));
    expect(textOf(plain.one('h3'))).toBe('Basic');
    expect(plain.text).toContain('$29 /month');
    expect(plain.all('li').map(textOf)).toEqual(['First feature', 'Second feature', 'Third feature']);
    expect(textOf(plain.one('button'))).toBe('Get Started');
    const set = renderNode(node('pricingCard', { title: 'Pro', price: '€99', period: '', features: ['Everything'], ctaText: 'Choose Pro' }));
    expect(set.text).toBe('Pro €99 Everything Choose Pro');
  });

  it('socialLinks: one named link per platform, to its URL or nowhere', () => {
    const plain = renderNode(node('socialLinks'));
    expect(plain.all('a').map(textOf)).toEqual(['Facebook', 'Twitter', 'LinkedIn', 'Instagram']);
    expect(plain.all('a').map((a) => attr(a, 'href'))).toEqual(['#', '#', '#', '#']);
    expect(plain.all('svg').every((svg) => attr(svg, 'aria-hidden') === 'true')).toBe(true);
    const set = renderNode(node('socialLinks', { platforms: ['linkedin', 'twitter', 'Mastodon'], links: { linkedin: 'https://linkedin.com/in/ada', twitter: 'javascript:alert(1)', Mastodon: 'https://social.example/@ada' } }));
    expect(set.all('a').map((a) => [textOf(a), attr(a, 'href')])).toEqual([
      ['LinkedIn', 'https://linkedin.com/in/ada'],
      ['Twitter', '#'],
      ['Mastodon', 'https://social.example/@ada'],
    ]);
  });

  it('contactInfo: email as a mailto link by default; phone as a tel link and the address when set', () => {
    const plain = renderNode(node('contactInfo'));
    expect(plain.one('address')).toBeDefined();
    expect(plain.all('a').map((a) => attr(a, 'href'))).toEqual(['mailto:hello@example.com']);
    const set = renderNode(node('contactInfo', { email: 'ada@example.com', phone: '+49 (30) 123 45', address: 'Main St 1\nBerlin' }));
    expect(set.all('a').map((a) => attr(a, 'href'))).toEqual(['mailto:ada@example.com', 'tel:+493012345']);
    expect(set.text).toBe('Email ada@example.com Phone +49 (30) 123 45 Address Main St 1 Berlin');
    expect(renderNode(node('contactInfo', { email: 'not an email' })).all('a')).toEqual([]);
  });

  it('heroWithNavigation: a nav with its links and a script-free mobile menu, the hero text, then its children', () => {
    const hero = createComponent('heroWithNavigation', {}, sequentialIds());
    const rendered = renderNode(hero);
    const nav = rendered.one('nav');
    expect(attr(nav, 'aria-label')).toBe('Main');
    expect(childElements(rendered.one('ul')).map(textOf)).toEqual(['Home', 'About', 'Contact']);
    const menu = rendered.one('details');
    expect(textOf(rendered.one('summary'))).toBe('Menu');
    expect(textOf(menu)).toBe('Menu Home About Contact Log in');
    // Its title and first call to action once each: a new hero has no children repeating them.
    expect(rendered.all('h1').map(textOf)).toEqual(['Welcome']);
    expect(rendered.text).toMatch(/Welcome Get Started Learn more →$/);
    expect(rendered.text.match(/Get Started/g)).toHaveLength(1);
    expect(rendered.all('script')).toEqual([]);
  });

  it('heroWithNavigation: logo, announcement, links and calls to action when set', () => {
    const rendered = renderNode(
      node('heroWithNavigation', {
        logoText: 'Acme',
        logoImage: '/uploads/logo.svg',
        navigationItems: [{ name: 'Prices', href: '#prices' }, { name: 'Evil', href: 'javascript:alert(1)' }],
        loginText: 'Sign in',
        loginLink: '/login',
        announcementText: 'New course!',
        announcementLink: '/course',
        title: 'Learn faster',
        description: 'With AI',
        primaryCtaText: 'Start',
        primaryCtaLink: '/start',
        secondaryCtaText: '',
      }),
    );
    expect(rendered.all('a').map((a) => [textOf(a), attr(a, 'href')])).toEqual([
      ['New course!', '/course'],
      ['Acme', '#'],
      ['Prices', '#prices'],
      ['Evil', '#'],
      ['Sign in', '/login'],
      ['Prices', '#prices'],
      ['Evil', '#'],
      ['Sign in', '/login'],
      ['Start', '/start'],
    ]);
    expect(rendered.one('img').attribs).toMatchObject({ src: '/uploads/logo.svg', alt: '' });
    expect(textOf(rendered.one('h1'))).toBe('Learn faster');
    expect(rendered.text).toContain('With AI');
  });
});

describe('the builder context', () => {
  it('renders no form and needs no slug', () => {
    const { html } = renderHtml(<RenderNode node={node('input')} ctx={pageRenderContext()} />);
    expect(html).not.toContain('<form');
  });
});
