import { describe, expect, it } from 'vitest';
import { COMPONENT_CATEGORIES, COMPONENT_DEFINITIONS, COMPONENT_TYPES, definitionOf, equalColumnWidths, isComponentType } from './component-definitions.ts';
import { HEADING_LEVEL_CLASSES } from './constants.ts';

const field = (type: keyof typeof COMPONENT_DEFINITIONS, name: string) =>
  (COMPONENT_DEFINITIONS[type].fields as Record<string, { kind: string; default: unknown; options?: unknown; min?: number; max?: number; step?: number }>)[name];

describe('component definitions', () => {
  it('cover the 25 component types, in their fixed order', () => {
    expect(COMPONENT_TYPES).toEqual([
      'heading', 'paragraph', 'list', 'image', 'video', 'youtube', 'button', 'input', 'textarea', 'select', 'checkbox', 'radio',
      'container', 'section', 'hero', 'cta', 'testimonial', 'grid', 'gridCell', 'divider', 'spacer', 'socialLinks', 'contactInfo',
      'pricingCard', 'heroWithNavigation',
    ]);
  });

  it('give every type a label, a category and a tailwindClasses prop', () => {
    for (const type of COMPONENT_TYPES) {
      const definition = COMPONENT_DEFINITIONS[type];
      expect(definition.label, type).not.toBe('');
      expect(Object.keys(COMPONENT_CATEGORIES), type).toContain(definition.category);
      expect(definition.fields.tailwindClasses.kind, type).toBe('classes');
    }
  });

  it('name each type\'s props, in their order', () => {
    const props = (type: keyof typeof COMPONENT_DEFINITIONS) => Object.keys(COMPONENT_DEFINITIONS[type].fields).filter((name) => name !== 'tailwindClasses');
    expect(props('heading')).toEqual(['text', 'level', 'italic', 'bold', 'underline']);
    expect(props('image')).toEqual(['src', 'alt', 'title', 'width', 'height', 'objectFit', 'tags']);
    expect(props('youtube')).toEqual(['videoId', 'title', 'autoplay', 'muted', 'controls', 'showInfo', 'rel', 'width', 'height']);
    expect(props('gridCell')).toEqual(['content', 'padding', 'backgroundColor', 'columnIndex']);
    expect(props('heroWithNavigation')).toEqual([
      'logoText', 'logoImage', 'navigationItems', 'loginText', 'loginLink', 'announcementText', 'announcementLink', 'title',
      'description', 'primaryCtaText', 'primaryCtaLink', 'secondaryCtaText', 'secondaryCtaLink',
    ]);
  });

  it('carry the defaults and limits pages have always had', () => {
    expect(field('heading', 'level')).toMatchObject({ default: 'h1', options: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] });
    expect(COMPONENT_DEFINITIONS.heading.defaultStyles).toEqual({ fontSize: '2rem' });
    expect(COMPONENT_DEFINITIONS.heading.fields.tailwindClasses.default).toBe(HEADING_LEVEL_CLASSES.h1);
    expect(field('list', 'type')).toMatchObject({ default: 'ul', options: ['ul', 'ol'] });
    expect(field('image', 'width')!.default).toBe('400px');
    expect(field('image', 'height')!.default).toBe('300px');
    expect(field('image', 'objectFit')).toMatchObject({ options: ['cover', 'contain', 'fill', 'none', 'scale-down'] });
    expect(field('button', 'type')).toMatchObject({ options: ['button', 'submit', 'reset'] });
    expect(field('button', 'variant')).toMatchObject({ options: ['primary', 'secondary', 'outline', 'ghost'] });
    expect(field('input', 'type')).toMatchObject({ options: ['text', 'email', 'password', 'number', 'tel', 'url'] });
    expect(field('textarea', 'rows')).toMatchObject({ default: 4, min: 1, max: 20, step: 1 });
    expect(field('container', 'maxWidth')!.default).toBe('1200px');
    expect(field('hero', 'overlay')).toMatchObject({ default: 0.5, min: 0, max: 1, step: 0.1 });
    expect(field('grid', 'columns')).toMatchObject({ default: 2, min: 1, max: 4 });
    expect(field('grid', 'columnWidths')!.default).toBe('1fr 1fr');
    expect(field('grid', 'gap')!.default).toBe('1rem');
    expect(field('divider', 'type')).toMatchObject({ default: 'horizontal', options: ['horizontal', 'vertical'] });
    expect(field('spacer', 'height')!.default).toBe('2rem');
    expect(field('socialLinks', 'platforms')!.default).toEqual(['facebook', 'twitter', 'linkedin', 'instagram']);
  });

  it('store checkboxes as the strings true and false, and list inputs as lists', () => {
    for (const type of COMPONENT_TYPES) {
      for (const [name, f] of Object.entries(COMPONENT_DEFINITIONS[type].fields) as Array<[string, { kind: string; default: unknown }]>) {
        if (f.kind === 'flag') expect(['true', 'false'], `${type}.${name}`).toContain(f.default);
        if (f.kind === 'lines') expect(Array.isArray(f.default), `${type}.${name}`).toBe(true);
      }
    }
    expect(field('list', 'items')!.kind).toBe('lines');
    expect(field('select', 'options')!.kind).toBe('lines');
    expect(field('pricingCard', 'features')!.kind).toBe('lines');
    expect(field('socialLinks', 'platforms')!.kind).toBe('lines');
  });

  it('say which types hold components', () => {
    const holders = COMPONENT_TYPES.filter((type) => COMPONENT_DEFINITIONS[type].children !== 'none');
    expect(holders).toEqual(['container', 'section', 'grid', 'gridCell', 'heroWithNavigation']);
    expect(COMPONENT_DEFINITIONS.grid.children).toBe('gridCells');
    expect(COMPONENT_DEFINITIONS.heroWithNavigation.defaultChildren).toEqual([]);
    expect(COMPONENT_TYPES.filter((type) => !COMPONENT_DEFINITIONS[type].inPalette)).toEqual(['gridCell']);
  });

  it('know their own types only', () => {
    expect(isComponentType('heading')).toBe(true);
    expect(isComponentType('toString')).toBe(false);
    expect(definitionOf('marquee')).toBeUndefined();
  });

  it('make equal column widths', () => {
    expect(equalColumnWidths(1)).toBe('1fr');
    expect(equalColumnWidths(3)).toBe('1fr 1fr 1fr');
  });
});
