import { describe, expect, it } from 'vitest';
import { createComponent, createSection } from './create.ts';
import { nodeText } from './node-names.ts';
import { withChildren } from './testing/fixtures.ts';
import type { ComponentNode, SectionNode } from './types.ts';

const section = (props: Record<string, unknown>, components: ComponentNode[]): SectionNode => ({ ...createSection('section', props), components });

describe('nodeText', () => {
  it('names a component by its text, title or label, cut to its start', () => {
    expect(nodeText(createComponent('heading', { text: '  Our plans ' }), false)).toBe('Our plans');
    expect(nodeText(createComponent('cta', { title: 'Book a call' }), false)).toBe('Book a call');
    expect(nodeText(createComponent('input', { label: 'Email' }), false)).toBe('Email');
    expect(nodeText(createComponent('container'), false)).toBeUndefined();
    expect(nodeText(createComponent('paragraph', { text: 'x'.repeat(50) }), false)).toBe(`${'x'.repeat(40)}…`);
  });

  it('names a section by its title, else by its first heading in page order, nested or a block title', () => {
    const heading = (text: string) => createComponent('heading', { text });
    expect(nodeText(section({ title: 'Pricing' }, [heading('Plans')]), true)).toBe('Pricing');
    const nested = section({}, [
      createComponent('paragraph', { text: 'Not a heading' }),
      withChildren(createComponent('container'), [heading('  '), heading('Questions people ask')]),
      heading('Later heading'),
    ]);
    expect(nodeText(nested, true)).toBe('Questions people ask');
    expect(nodeText(section({}, [createComponent('hero', { title: 'Grow your practice' })]), true)).toBe('Grow your practice');
    expect(nodeText(section({}, [createComponent('paragraph', { text: 'Words' })]), true)).toBeUndefined();
    // A component's own name is never a heading inside it.
    expect(nodeText(withChildren(createComponent('container'), [heading('Inside')]), false)).toBeUndefined();
  });
});
