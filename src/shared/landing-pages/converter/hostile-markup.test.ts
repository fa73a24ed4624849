import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH } from '../constants.ts';
import { sequentialIds } from '../testing/fixtures.ts';
import { walk } from '../tree.ts';
import type { PageContent } from '../types.ts';
import { convertHtml } from './convert-html.ts';
import { CONVERTER_CUTS, CONVERTER_MESSAGES, HTML_READ_LIMITS } from './messages.ts';
import { HOSTILE_SHAPE_NAMES, HOSTILE_SHAPES } from './testing/hostile-markup.ts';
import { countWork } from './testing/work-counter.ts';

/**
 * Hostile markup costs the converter work in proportion to its size, counted (testing/work-counter.ts)
 * rather than timed; and what the converter cuts to stay so, it says.
 */

const convert = (html: string) => convertHtml(html, { makeId: sequentialIds() });
/** Counting slows the code it counts, and these convert tens of thousands of elements: generous on a busy machine. */
const SLOW = 120_000;

function converted(html: string) {
  const result = convert(html);
  if (!result.ok) throw new Error(result.message);
  return result;
}

function texts(sections: PageContent): string[] {
  const found: string[] = [];
  walk(sections, (node) => {
    if (typeof node.props.text === 'string') found.push(node.props.text);
  });
  return found;
}

describe('the converter on hostile markup', () => {
  // Below the element budget, so the whole input is converted at every size.
  const SIZES = [16_000, 32_000, 64_000];

  it.each(HOSTILE_SHAPE_NAMES)('%s: the work grows no faster than the size', (name) => {
    const works = SIZES.map((bytes) => {
      const { result, work } = countWork(() => convert(HOSTILE_SHAPES[name](bytes)));
      if (!result.ok) expect(result.message).toBe(CONVERTER_MESSAGES.noContent);
      return work;
    });
    // Doubling the input at most doubles the work (with a little slack for fixed costs met once).
    expect(works[1]! / works[0]!).toBeLessThan(2.25);
    expect(works[2]! / works[1]!).toBeLessThan(2.25);
  }, SLOW);

  it('converts quotes nested in quotes once each (a quote that is not a testimonial is read again as a box)', () => {
    const quotes = (depth: number) => `${'<blockquote><h2>x</h2>'.repeat(depth)}`;
    const work = (depth: number) => countWork(() => converted(quotes(depth))).work;
    expect(work(12) / work(6)).toBeLessThan(2.25);
    expect(texts(converted(quotes(12)).sections).filter((t) => t === 'x')).toHaveLength(12);
  });
});

describe('what the converter cuts, it says', () => {
  it('cuts nothing from an ordinary page, nor from any page of the corpus', () => {
    expect(converted('<section><h1>Hello</h1><p>World</p></section>').cuts).toEqual([]);
    const corpus = path.resolve(import.meta.dirname, '../../../../tests/fixtures/landing-pages');
    for (const page of fs.readdirSync(corpus).filter((name) => name.endsWith('.html'))) {
      expect(converted(fs.readFileSync(path.join(corpus, page), 'utf8')).cuts, page).toEqual([]);
    }
  });

  it(`flattens markup nested deeper than ${HTML_READ_LIMITS.depth} levels, keeping its words apart and its images`, () => {
    const html = `${'<div class="box">'.repeat(HTML_READ_LIMITS.depth + 100)}<p>first</p><p>second</p><img src="https://example.com/a.png" alt="a">`;
    const result = converted(html);
    expect(result.cuts).toContain(CONVERTER_CUTS.flattened);
    expect(texts(result.sections).join(' ').split(/\s+/)).toEqual(['first', 'second']);
    const images: unknown[] = [];
    walk(result.sections, (node) => (node.type === 'image' ? images.push(node.props.src) : undefined));
    expect(images).toEqual(['https://example.com/a.png']);
  });

  it(`says when components nested deeper than ${MAX_NESTING_DEPTH} levels were flattened into their contents`, () => {
    const depth = MAX_NESTING_DEPTH + 5;
    const result = converted(`${'<div class="box"><p>level</p>'.repeat(depth)}${'</div>'.repeat(depth)}`);
    expect(result.cuts).toEqual([CONVERTER_CUTS.componentsFlattened]);
    expect(texts(result.sections).filter((t) => t === 'level')).toHaveLength(depth);
  });

  it(`stops after ${HTML_READ_LIMITS.elements.toLocaleString('en')} elements and says the rest was not converted`, () => {
    const result = converted(`${'<p>kept</p>'.repeat(HTML_READ_LIMITS.elements)}<p>dropped</p>`);
    expect(result.cuts).toEqual([CONVERTER_CUTS.stopped]);
    const words = texts(result.sections);
    expect(words.filter((t) => t === 'kept')).toHaveLength(HTML_READ_LIMITS.elements);
    expect(words).not.toContain('dropped');
    expect(converted('<p>kept</p>'.repeat(HTML_READ_LIMITS.elements)).cuts).toEqual([]);
  }, SLOW);
});
