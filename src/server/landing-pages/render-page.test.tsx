import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createComponent, createSection } from '../../shared/landing-pages/create.ts';
import { serializeContent } from '../../shared/landing-pages/parse-content.ts';
import { renderLandingPage } from './render-page.tsx';
import type { LandingPageRow } from './service.ts';

const ORIGIN = 'https://crm.example';
const ISLANDS = { 'lead-form': '/assets/islands/lead-form-X.js', youtube: '/assets/islands/youtube-Y.js' };
const row = (components: ReturnType<typeof createComponent>[], page_type: LandingPageRow['page_type'] = 'builder'): LandingPageRow => ({
  id: '00000000-0000-0000-0000-000000000001',
  title: 'Test page',
  slug: 'test-page',
  content: serializeContent([{ ...createSection('section'), components }]),
  page_type,
  is_active: true,
  builder_config: null,
  settings: null,
  version: 1,
  updated_by: null,
  created_at: new Date(),
  updated_at: new Date(),
});
async function html(page: LandingPageRow) {
  const rendered = await renderLandingPage(page, ISLANDS, ORIGIN);
  if (!('html' in rendered)) throw new Error('expected HTML');
  return rendered.html.identity.toString('utf8');
}
const scripts = (text: string) => [...text.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);

describe('rendering a published page', () => {
  it('ships no script for a page without interactive parts, and only the islands a page contains', async () => {
    expect(scripts(await html(row([createComponent('heading'), createComponent('image', { src: '/a.png', alt: 'A' })])))).toEqual([]);
    expect(scripts(await html(row([createComponent('input', { type: 'email', label: 'Email' })])))).toEqual([ISLANDS['lead-form']]);
    expect(scripts(await html(row([createComponent('youtube', { videoId: 'dQw4w9WgXcQ' })])))).toEqual([ISLANDS.youtube]);
  });

  it('inlines CSS for exactly the classes of the page, and keeps an author\'s "</style" inside the style element', async () => {
    const text = await html(row([createComponent('paragraph', { text: 'x', tailwindClasses: "text-teal-600 content-['</style><script>alert(1)</script>']" })]));
    expect(text).toMatch(/\.text-teal-600\{/);
    // One element ends the styles; nothing of the class value reaches the markup after it as a tag.
    expect(text.match(/<\/style>/gi)).toHaveLength(1);
    expect(text.split('</style>')[1]).not.toMatch(/<script>alert/);
  });

  it('is small: a page with a form is well under 30 kB compressed, CSS and scripts included', async () => {
    const page = row(Array.from({ length: 30 }, (_, i) => createComponent(i % 3 === 0 ? 'heading' : i % 3 === 1 ? 'paragraph' : 'input')));
    const rendered = await renderLandingPage(page, ISLANDS, ORIGIN);
    if (!('html' in rendered)) throw new Error('expected HTML');
    expect(zlib.gunzipSync(rendered.html.gzip).toString('utf8')).toBe(rendered.html.identity.toString('utf8'));
    expect(rendered.html.br.length).toBeLessThan(30 * 1024);
  });

  it('hands a react page to the site\'s waiting-list page', async () => {
    expect(await renderLandingPage(row([], 'react'), ISLANDS, ORIGIN)).toEqual({ pageId: '00000000-0000-0000-0000-000000000001', sitePage: '/learning-ecosystem-mastery' });
  });
});
