import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertHtml } from '../shared/landing-pages/converter/convert-html.ts';
import { firstMissingWord, visibleHeadings, visibleImages, visibleLinks, visibleWords } from '../shared/landing-pages/converter/testing/page-facts.ts';
import { serializeContent } from '../shared/landing-pages/parse-content.ts';
import { BuilderPageBody } from './render-page.tsx';
import { renderHtml } from './testing/html.tsx';

/**
 * Issue #14: a converted page, rendered as /lp renders it, keeps the source page's headings (with
 * their levels), its text, its images and its links. Every page of the converter's corpus is
 * converted, saved as the builder saves it, rendered, and its rendered HTML read like the source.
 */
const CORPUS = path.resolve(import.meta.dirname, '../../tests/fixtures/landing-pages');
const pages = fs.readdirSync(CORPUS).filter((name) => name.endsWith('.html')).sort();

describe.each(pages)('%s converted and rendered at /lp', (page) => {
  const source = fs.readFileSync(path.join(CORPUS, page), 'utf8');
  const converted = convertHtml(source);
  const rendered = renderHtml(<BuilderPageBody content={converted.ok ? serializeContent(converted.sections) : ''} slug="converted-1" />).html;

  it('renders without an error panel', () => {
    expect(converted.ok).toBe(true);
    expect(rendered).not.toMatch(/not a valid page|Unknown component type|No content to display/);
  });

  it('keeps the text, in reading order', () => {
    expect(firstMissingWord(visibleWords(source), visibleWords(rendered))).toBeNull();
  });

  it('keeps the headings with their levels', () => {
    expect(visibleHeadings(rendered)).toEqual(visibleHeadings(source));
  });

  it('keeps the images', () => {
    const shown = new Set(visibleImages(rendered).flat());
    expect(visibleImages(source).filter((sources) => !sources.some((src) => shown.has(src)))).toEqual([]);
  });

  it('keeps the links', () => {
    const linked = new Set(visibleLinks(rendered));
    expect(visibleLinks(source).filter((href) => !linked.has(href))).toEqual([]);
  });
});
