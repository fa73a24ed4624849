import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BuilderPageBody } from '../../render/render-page.tsx';
import { pageRenderContext } from '../../render/render-node.tsx';
import { convertHtml } from '../../shared/landing-pages/converter/convert-html.ts';
import { createComponent, createGridCell, createSection } from '../../shared/landing-pages/create.ts';
import { serializeContent } from '../../shared/landing-pages/parse-content.ts';
import { renderUnits } from '../../shared/landing-pages/render-cost.ts';
import type { ComponentNode } from '../../shared/landing-pages/types.ts';
import { renderInSlices } from './render-in-slices.tsx';

const CORPUS = path.resolve(import.meta.dirname, '../../../tests/fixtures/landing-pages');
const corpus = fs.readdirSync(CORPUS).filter((name) => name.endsWith('.html')).sort();

/** Nested containers, grids, forms and lists: every way children are rendered. */
function nestedPage(): string {
  const c = createComponent;
  const grid = (cells: ComponentNode[][]): ComponentNode => ({ ...c('grid', { columns: cells.length }), components: cells.map((children, i) => ({ ...createGridCell(i), components: children })) });
  const container = (children: ComponentNode[]): ComponentNode => ({ ...c('container'), components: children });
  return serializeContent([
    { ...createSection('hero', { title: 'Intro' }), components: [c('heading', { text: 'Welcome', level: 'h1' }), c('paragraph', { text: 'A & B <i>' }), c('list', { items: ['a', 'b', 'c'] })] },
    {
      ...createSection('section'),
      components: [
        grid([[c('heading'), container([c('paragraph'), c('button')])], [c('input', { type: 'email', label: 'Email' }), c('select', { label: 'Pick' })], [container([container([c('divider'), c('spacer')])])]]),
        c('testimonial'),
        c('pricingCard', { features: ['one', 'two'] }),
      ],
    },
    { ...createSection('section'), components: [] },
    { ...createSection('section'), components: Array.from({ length: 40 }, (_, i) => c(i % 2 ? 'paragraph' : 'heading', { text: `Item ${i}` })) },
  ]);
}

const whole = (content: string) => renderToStaticMarkup(<BuilderPageBody content={content} slug="sliced" />);
const sliced = (content: string, units: number) => renderInSlices((ctx) => <BuilderPageBody content={content} slug="sliced" ctx={ctx} />, pageRenderContext('sliced'), units);

describe('rendering in slices', () => {
  it('gives the very HTML of one render, whatever the slice size', async () => {
    const content = nestedPage();
    for (const units of [1, 2, 3, 7, 50, 10_000]) expect(await sliced(content, units), `${units} units a slice`).toBe(whole(content));
  });

  it.each(corpus)('gives the very HTML of one render for the converted %s', async (page) => {
    const converted = convertHtml(fs.readFileSync(path.join(CORPUS, page), 'utf8'));
    const content = converted.ok ? serializeContent(converted.sections) : '';
    expect(await sliced(content, 5)).toBe(whole(content));
  });

  it('lets the event loop turn between slices', async () => {
    const content = serializeContent([{ ...createSection('section'), components: Array.from({ length: 200 }, () => createComponent('divider')) }]);
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await sliced(content, 10);
    done = true;
    // 201 units in slices of 10: about 20 slices, another task ran between each two.
    expect(renderUnits(JSON.parse(content))).toBe(201);
    expect(turns).toBeGreaterThanOrEqual(15);
  });
});
