import { describe, expect, it } from 'vitest';
import { HEADING_LEVEL_CLASSES, HEADING_LEVELS } from '../constants.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { samplePage } from '../testing/fixtures.ts';
import type { PageContent } from '../types.ts';
import { setHeadingLevel, toggleTextStyle } from './text-styles.ts';
import { updateProps, updateStyles } from './update.ts';

const intro = (doc: PageContent) => doc[0]!.components[0]!;
const text = (doc: PageContent) => doc[0]!.components[1]!.components![0]!.components![0]!;

describe('setHeadingLevel', () => {
  it('sets the class string of each level', () => {
    expect(HEADING_LEVEL_CLASSES).toEqual({
      h1: 'text-4xl font-bold text-gray-900',
      h2: 'text-3xl font-semibold text-gray-800',
      h3: 'text-2xl font-semibold text-gray-700',
      h4: 'text-xl font-medium text-gray-700',
      h5: 'text-lg font-medium text-gray-600',
      h6: 'text-base font-medium text-gray-600',
    });
    for (const level of HEADING_LEVELS) {
      const next = setHeadingLevel(samplePage(), { id: 'intro', level });
      expect(intro(next).props).toMatchObject({ level, tailwindClasses: HEADING_LEVEL_CLASSES[level] });
    }
  });

  it("replaces the old level's classes, keeps the heading's own, and drops the inline size", () => {
    const doc = updateProps(samplePage(), { id: 'intro', props: { tailwindClasses: 'text-4xl font-bold text-gray-900 mt-4 italic' } });
    expect(intro(doc).styles).toEqual({ fontSize: '2rem' });
    const next = setHeadingLevel(doc, { id: 'intro', level: 'h4' });
    expect(intro(next).props.tailwindClasses).toBe('text-xl font-medium text-gray-700 mt-4 italic');
    expect(intro(next).styles).toEqual({});
    expect(next[1]).toBe(doc[1]);
    expect(next[0]!.components[1]).toBe(doc[0]!.components[1]);
  });

  it("keeps a font size the user set, and the bold flag's class over the level's weight", () => {
    const doc = updateStyles(updateProps(samplePage(), { id: 'intro', props: { tailwindClasses: 'text-4xl font-bold text-gray-900 mt-4', bold: 'true' } }), { id: 'intro', styles: { fontSize: '3rem' } });
    const next = setHeadingLevel(doc, { id: 'intro', level: 'h3' });
    expect(intro(next).styles).toEqual({ fontSize: '3rem' });
    expect(intro(next).props.tailwindClasses).toBe('text-2xl text-gray-700 font-bold mt-4');
    // Another level after that: still the user's size, still bold, one size class.
    const again = setHeadingLevel(next, { id: 'intro', level: 'h5' });
    expect(intro(again).props.tailwindClasses).toBe('text-lg text-gray-600 font-bold mt-4');
    expect(intro(again).styles).toEqual({ fontSize: '3rem' });
  });

  it('is for headings only, and levels h1 to h6 only', () => {
    expect(() => setHeadingLevel(samplePage(), { id: 'text', level: 'h2' })).toThrow(MODEL_MESSAGES.wrongType('heading', 'paragraph'));
    expect(() => setHeadingLevel(samplePage(), { id: 'intro', level: 'h7' as 'h1' })).toThrow(/Level/);
  });
});

describe('toggleTextStyle', () => {
  it('turns bold on and off, replacing any font weight class', () => {
    const on = toggleTextStyle(samplePage(), { id: 'text', style: 'bold' });
    expect(text(on).props).toMatchObject({ bold: 'true', tailwindClasses: 'font-bold' });
    const off = toggleTextStyle(on, { id: 'text', style: 'bold' });
    expect(text(off).props).toMatchObject({ bold: 'false', tailwindClasses: 'font-normal' });
    const heading = toggleTextStyle(samplePage(), { id: 'intro', style: 'bold' });
    expect(intro(heading).props.tailwindClasses).toBe('text-4xl text-gray-900 font-bold');
  });

  it('turns italic and underline on and off, replacing their old classes and leaving variants', () => {
    const doc = updateProps(samplePage(), { id: 'text', props: { tailwindClasses: 'not-italic line-through md:underline mt-2' } });
    const italic = toggleTextStyle(doc, { id: 'text', style: 'italic' });
    expect(text(italic).props).toMatchObject({ italic: 'true', tailwindClasses: 'line-through md:underline mt-2 italic' });
    const underline = toggleTextStyle(italic, { id: 'text', style: 'underline' });
    expect(text(underline).props).toMatchObject({ underline: 'true', tailwindClasses: 'md:underline mt-2 italic underline' });
    const back = toggleTextStyle(toggleTextStyle(underline, { id: 'text', style: 'underline' }), { id: 'text', style: 'italic' });
    expect(text(back).props).toMatchObject({ italic: 'false', underline: 'false', tailwindClasses: 'md:underline mt-2 no-underline not-italic' });
  });

  it('is for headings and paragraphs only', () => {
    expect(() => toggleTextStyle(samplePage(), { id: 'cta', style: 'bold' })).toThrow(MODEL_MESSAGES.noTextStyle('button', 'bold'));
    expect(() => toggleTextStyle(samplePage(), { id: 'main', style: 'italic' })).toThrow(MODEL_MESSAGES.noTextStyle('section', 'italic'));
  });
});
