import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageContentSchema } from '../content-schema.ts';
import { sequentialIds } from '../testing/fixtures.ts';
import { convertHtml } from './convert-html.ts';
import {
  documentHeadings,
  documentImages,
  documentLinks,
  documentWords,
  firstMissingWord,
  visibleHeadings,
  visibleImages,
  visibleLinks,
  visibleWords,
} from './testing/page-facts.ts';

/**
 * Landing pages as ten-plus frameworks and tools write them (tests/fixtures/landing-pages): each
 * converts into a valid page that keeps every visible word in reading order, every heading with its
 * level, every image and every link.
 */
const CORPUS = path.resolve(import.meta.dirname, '../../../../tests/fixtures/landing-pages');
const pages = fs.readdirSync(CORPUS).filter((name) => name.endsWith('.html')).sort();

describe('the landing page corpus', () => {
  it('has at least ten pages of 5 to 60 kB', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const page of pages) {
      const size = fs.statSync(path.join(CORPUS, page)).size;
      expect(size, page).toBeGreaterThanOrEqual(5_000);
      expect(size, page).toBeLessThanOrEqual(60_000);
    }
  });

  describe.each(pages)('%s', (page) => {
    const html = fs.readFileSync(path.join(CORPUS, page), 'utf8');
    const result = convertHtml(html, { makeId: sequentialIds() });
    const sections = result.ok ? result.sections : [];

    it('converts into a page the builder accepts', () => {
      expect(result).toMatchObject({ ok: true });
      expect(pageContentSchema.safeParse(sections).success).toBe(true);
      expect(sections.length).toBeGreaterThanOrEqual(2);
    });

    it('keeps every visible word, in reading order', () => {
      const expected = visibleWords(html);
      expect(expected.length).toBeGreaterThan(150);
      expect(firstMissingWord(expected, documentWords(sections))).toBeNull();
    });

    it('keeps the headings with their levels', () => {
      expect(documentHeadings(sections)).toEqual(visibleHeadings(html));
    });

    it('keeps every image', () => {
      const kept = new Set(documentImages(sections));
      const lost = visibleImages(html).filter((sources) => !sources.some((src) => kept.has(src)));
      expect(lost).toEqual([]);
    });

    it('keeps every link', () => {
      const kept = new Set(documentLinks(sections));
      expect(visibleLinks(html).filter((href) => !kept.has(href))).toEqual([]);
    });

    it('leaves out scripts, styles and the head', () => {
      const json = JSON.stringify(sections);
      expect(json).not.toMatch(/<script|function\s*\(|gtag|@media|window\./);
    });
  });
});
