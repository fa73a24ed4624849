import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES, type ComponentType } from '../shared/landing-pages/component-definitions.ts';
import { createComponent, createSection } from '../shared/landing-pages/create.ts';
import { defaultPage } from '../shared/landing-pages/default-page.ts';
import { serializeContent } from '../shared/landing-pages/parse-content.ts';
import { sequentialIds } from '../shared/landing-pages/testing/fixtures.ts';
import { walk } from '../shared/landing-pages/tree.ts';
import type { ComponentNode, PageContent, Props } from '../shared/landing-pages/types.ts';
import { islandsInHtml } from './islands.ts';
import { pageRenderContext } from './render-node.tsx';
import { BuilderPageBody, RenderPage } from './render-page.tsx';
import { childElements, classesOf, renderHtml, textOf } from './testing/html.tsx';

const ids = sequentialIds();
const make = (type: ComponentType, props: Props = {}, components?: ComponentNode[]): ComponentNode => {
  const created = createComponent(type, props, ids);
  return components ? { ...created, components } : created;
};
const section = (components: ComponentNode[], props: Props = {}) => ({ ...createSection('section', props, ids), components });
const renderBody = (content: PageContent | string, slug?: string) =>
  renderHtml(<BuilderPageBody content={typeof content === 'string' ? content : serializeContent(content)} slug={slug} />);

/** One section with every component type, containers holding children, a second with a form. */
function allTypesPage(): PageContent {
  const made = COMPONENT_TYPES.filter((type) => type !== 'gridCell').map((type) => {
    if (type === 'youtube') return make(type, { videoId: 'dQw4w9WgXcQ' });
    if (type === 'image') return make(type, { src: '/uploads/a.webp', alt: 'A photo' });
    if (type === 'container') return make(type, { title: 'Box' }, [make('paragraph', { text: 'In a box' })]);
    return make(type);
  });
  return [section(made), section([make('input', { type: 'email', label: 'Email' }), make('button', { type: 'submit', text: 'Send' })])];
}

function idsIn(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);
}

describe('sections', () => {
  it('render as <section> with their classes, background and styles', () => {
    const page = [section([make('paragraph', { text: 'Hi' })], { tailwindClasses: 'px-4 py-20', background: 'bg-teal-50', title: 'Intro' })];
    const rendered = renderHtml(<RenderPage content={[{ ...page[0]!, styles: { customCSS: 'min-height: 50vh' } }]} ctx={pageRenderContext('demo')} />);
    const element = rendered.one('section');
    expect(classesOf(element)).toEqual(['bg-teal-50', 'px-4', 'py-20']);
    expect(element.attribs.style).toBe('min-height:50vh');
    expect(textOf(rendered.one('h2'))).toBe('Intro');
    expect(rendered.all('form')).toEqual([]);
  });

  it("on a public page, a section with form fields anywhere inside is a form posting to the page's lead endpoint", () => {
    const grid = make('grid');
    const deepField = { ...grid, components: [{ ...grid.components![0]!, components: [make('container', {}, [make('checkbox', { label: 'Keep me posted' })])] }, grid.components![1]!] };
    const page = [section([make('heading')]), section([make('input', { type: 'email' }), make('button', { type: 'submit', text: 'Join' })]), section([deepField])];
    const rendered = renderHtml(<RenderPage content={page} ctx={pageRenderContext('my-page')} />);
    const forms = rendered.all('form');
    expect(forms).toHaveLength(2);
    const sections = rendered.all('section');
    for (const form of forms) {
      expect(form.attribs).toMatchObject({ 'data-lead-form': '', method: 'post', action: '/api/public/lp/my-page/leads' });
      const [wrapped] = childElements(form);
      expect(wrapped!.name).toBe('section');
      expect(childElements(wrapped!).at(-1)!.attribs).toMatchObject({ 'data-lead-status': 'true', role: 'status' });
    }
    expect((sections[0]!.parent as { name?: string }).name).toBe('main');
    expect(forms.map((form) => childElements(form)[0])).toEqual([sections[1], sections[2]]);
    expect(childElements(sections[1]!).map((c) => c.name)).toEqual(['div', 'button', 'p']);
  });

  it('are no forms without a slug (the builder canvas)', () => {
    const rendered = renderHtml(<RenderPage content={[section([make('input')])]} ctx={pageRenderContext()} />);
    expect(rendered.all('form')).toEqual([]);
    expect(rendered.all('input')).toHaveLength(1);
  });

  it('send every field under a name the lead endpoint maps', () => {
    const page = [
      section([
        make('input', { label: 'Full name' }),
        make('input', { type: 'email', label: 'Work email' }),
        make('input', { type: 'tel', label: 'Call me' }),
        make('input', { type: 'url', label: 'LinkedIn' }),
        make('input', { label: 'Company' }),
        make('textarea', { label: 'What do you need?' }),
        make('select', { label: 'Budget' }),
        make('radio', { name: 'plan', label: 'Basic' }),
        make('radio', { name: 'plan', label: 'Pro' }),
        make('checkbox', { label: 'Send me news' }),
      ]),
    ];
    const rendered = renderBody(page, 'demo');
    const fields = [...rendered.all('input'), ...rendered.all('textarea'), ...rendered.all('select')];
    expect(fields.map((field) => field.attribs.name)).toEqual(['full_name', 'email', 'phone', 'linkedin', 'company', 'plan', 'plan', 'send_me_news', 'what_do_you_need', 'budget']);
    expect(rendered.all('input').filter((i) => i.attribs.type === 'radio').map((i) => i.attribs.value)).toEqual(['Basic', 'Pro']);
    // Every field has a visible label tied to it.
    const labels = new Map(rendered.all('label').map((label) => [label.attribs.for, textOf(label)]));
    for (const field of fields) expect(labels.get(field.attribs.id)).toBeTruthy();
  });
});

describe('BuilderPageBody', () => {
  it('renders the default page', () => {
    const rendered = renderBody(defaultPage(ids), 'demo');
    expect(rendered.all('section')).toHaveLength(2);
    expect(textOf(rendered.one('h1'))).toBe('Welcome to Your Landing Page');
    expect(textOf(rendered.one('button'))).toBe('Get Started');
    expect(classesOf(rendered.one('section'))).toContain('from-primary-600');
    expect(rendered.all('form')).toEqual([]);
    expect(islandsInHtml(rendered.html)).toEqual([]);
  });

  it('renders a page of all 25 types, with unique ids and an alt on every image', () => {
    const page = allTypesPage();
    const types = new Set<string>();
    walk(page, (n, path) => path.length > 1 && types.add(n.type));
    expect([...types].sort()).toEqual([...COMPONENT_TYPES].sort());
    const rendered = renderBody(page, 'demo');
    const { html } = rendered;
    for (const marker of ['<h1', '<ul', '<img', 'data-youtube-embed', '<button', '<textarea', '<select', 'type="checkbox"', 'type="radio"', 'In a box', '<section class="py-8"', 'opacity:0.5', 'Ready to get started?', '<blockquote', '@container', 'min-w-0', '<hr', 'height:2rem', 'sr-only', 'mailto:', '$29', '<nav', 'No video selected']) {
      expect(html, marker).toContain(marker);
    }
    const pageIds = idsIn(html);
    expect(new Set(pageIds).size).toBe(pageIds.length);
    for (const img of rendered.all('img')) expect(img.attribs).toHaveProperty('alt');
    expect(rendered.all('form')).toHaveLength(2);
    expect(islandsInHtml(html)).toEqual(['lead-form', 'youtube']);
  });

  it('shows an error panel with the details for content that is not JSON', () => {
    const rendered = renderBody('[{"id": "s1", ', 'demo');
    const [panel] = rendered.withAttribute('role').filter((el) => el.attribs.role === 'alert');
    expect(textOf(panel!)).toMatch(/^This page could not be displayed The content is not valid JSON \S/);
    expect(rendered.all('section')).toEqual([]);
  });

  it('shows an error panel with the details for content that is not a valid page', () => {
    const rendered = renderBody(JSON.stringify([{ id: 's1', type: 'section', components: [{ id: 'h', type: 'heading', props: { level: 'h9' } }] }]));
    const alert = rendered.withAttribute('role').find((el) => el.attribs.role === 'alert')!;
    expect(textOf(alert)).toContain('The content is not a valid page');
    expect(rendered.all('li').map(textOf)[0]).toMatch(/^sections\[0\]\.components\[0\]\.props\.level: /);
  });

  it('shows an error panel naming an unknown component type and where it is', () => {
    const page = [section([make('heading'), { id: 'fancy-1', type: 'carousel', props: {}, styles: {} }])];
    const rendered = renderBody(page, 'demo');
    const alert = rendered.withAttribute('role').find((el) => el.attribs.role === 'alert')!;
    expect(textOf(alert)).toContain('Unknown component type: carousel');
    expect(rendered.all('li').map(textOf)).toEqual(['sections[0].components[1] (id "fancy-1"): Unknown component type: carousel']);
    expect(rendered.all('h1').map(textOf)).toEqual(['This page could not be displayed']);
  });

  it("shows 'No content to display' for a page without sections", () => {
    for (const content of ['[]', '', '  ', null]) {
      const rendered = renderHtml(<BuilderPageBody content={content} slug="demo" />);
      expect(rendered.text).toBe('No content to display');
    }
  });

  it('renders a page of 1,000 components', () => {
    const sections: PageContent = Array.from({ length: 10 }, () =>
      section(
        Array.from({ length: 20 }, (_, i) => {
          const kinds: ComponentType[] = ['heading', 'paragraph', 'button', 'image', 'list'];
          return make('container', {}, [make(kinds[i % kinds.length]!, { text: `Item ${i}` }), make('paragraph'), make('divider'), make('spacer')]);
        }),
      ),
    );
    let count = 0;
    walk(sections, (_, path) => path.length > 1 && count++);
    expect(count).toBe(1_000);
    const content = serializeContent(sections);
    const started = performance.now();
    const rendered = renderBody(content, 'big');
    const elapsed = performance.now() - started;
    console.log(`1,000-component page: parsed and rendered in ${elapsed.toFixed(1)} ms, ${(rendered.html.length / 1024).toFixed(0)} kB of HTML`);
    expect(rendered.all('section')).toHaveLength(10);
    expect(rendered.all('hr')).toHaveLength(200);
  });
});

describe('islandsInHtml', () => {
  it('finds the lead form and YouTube markers, and nothing in a plain page', () => {
    expect(islandsInHtml(renderBody([section([make('input')])], 'demo').html)).toEqual(['lead-form']);
    expect(islandsInHtml(renderBody([section([make('youtube', { videoId: 'dQw4w9WgXcQ' })])], 'demo').html)).toEqual(['youtube']);
    expect(islandsInHtml(renderBody([section([make('heading'), make('button')])], 'demo').html)).toEqual([]);
  });

  it('is not fooled by text that mentions a marker', () => {
    const page = [section([make('paragraph', { text: '<form data-lead-form=""> and <div data-youtube-embed>' }), make('paragraph', { tailwindClasses: 'data-youtube-embed' })])];
    expect(islandsInHtml(renderBody(page, 'demo').html)).toEqual([]);
  });
});
