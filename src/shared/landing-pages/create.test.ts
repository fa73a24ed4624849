import { describe, expect, it } from 'vitest';
import { COMPONENT_DEFINITIONS, COMPONENT_TYPES } from './component-definitions.ts';
import { pageContentSchema } from './content-schema.ts';
import { inlineStyle } from './custom-css.ts';
import { createComponent, createNewSection, createSection, NEW_SECTION_STYLES } from './create.ts';
import { newNodeId, nodeIdMaker } from './ids.ts';
import { sequentialIds } from './testing/fixtures.ts';

describe('createComponent', () => {
  it('makes every type with all its props at their defaults, valid for the content schema', () => {
    for (const type of COMPONENT_TYPES) {
      if (type === 'gridCell') continue;
      const component = createComponent(type, {}, sequentialIds());
      const defaults = Object.fromEntries(Object.entries(COMPONENT_DEFINITIONS[type].fields).map(([name, field]) => [name, field.default]));
      expect(component.props, type).toEqual(defaults);
      expect(component.type).toBe(type);
      const page = [{ ...createSection('section', {}, () => 'section-0'), components: [component] }];
      expect(pageContentSchema.safeParse(page).success, type).toBe(true);
    }
  });

  it('lets given props win over the defaults', () => {
    const heading = createComponent('heading', { text: 'Hi', level: 'h3' }, sequentialIds());
    expect(heading.props).toMatchObject({ text: 'Hi', level: 'h3', italic: 'false' });
  });

  it('gives a grid one cell per column, numbered', () => {
    const grid = createComponent('grid', { columns: 3, columnWidths: '1fr 1fr 1fr' }, sequentialIds());
    expect(grid.components!.map((cell) => [cell.type, cell.props.columnIndex])).toEqual([
      ['gridCell', 0],
      ['gridCell', 1],
      ['gridCell', 2],
    ]);
    expect(createComponent('grid', {}, sequentialIds()).components).toHaveLength(2);
  });

  it('starts containers (heroWithNavigation too: its title and buttons are its own fields) empty; leaves hold nothing', () => {
    expect(createComponent('heroWithNavigation', {}, sequentialIds()).components).toEqual([]);
    expect(createComponent('container', {}, sequentialIds()).components).toEqual([]);
    expect(createComponent('heading', {}, sequentialIds()).components).toBeUndefined();
  });

  it('starts a heading at the default size of 2rem', () => {
    expect(createComponent('heading').styles).toEqual({ fontSize: '2rem' });
  });
});

describe('node ids', () => {
  it('are the type followed by a timestamp, with a random tail', () => {
    expect(newNodeId('hero')).toMatch(/^hero-\d{13}-[a-z2-7]{8}$/);
    expect(createSection().id).toMatch(/^section-\d{13}-[a-z2-7]{8}$/);
  });

  it('do not repeat within one millisecond', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newNodeId('heading')));
    expect(ids.size).toBe(2000);
  });

  it('made many in a row (a converted page) look the same, drawing on the whole alphabet, and do not repeat', () => {
    const makeId = nodeIdMaker();
    const ids = Array.from({ length: 5000 }, () => makeId('paragraph'));
    for (const id of ids) expect(id).toMatch(/^paragraph-\d{13}-[a-z2-7]{8}$/);
    expect(new Set(ids).size).toBe(5000);
    expect(new Set(ids.flatMap((id) => [...id.slice(-8)])).size).toBe(32);
  });
});

describe('createNewSection', () => {
  it('starts with padding and a centred content width of at most 72rem, which the renderer keeps', () => {
    const section = createNewSection(() => 'fresh');
    expect(section).toMatchObject({ id: 'fresh', type: 'section', components: [] });
    expect(section.styles).toEqual({ paddingBlock: '3rem', paddingInline: 'max(1rem, calc((100% - 72rem) / 2))' });
    expect(inlineStyle(section.styles)).toEqual(section.styles);
    expect(pageContentSchema.safeParse([section]).success).toBe(true);
    // Each section its own styles object: editing one leaves the defaults be.
    expect(section.styles).not.toBe(NEW_SECTION_STYLES);
  });

  it('leaves createSection (the converter, stored shapes) without styles', () => {
    expect(createSection('section', {}, () => 'plain').styles).toEqual({});
  });
});
