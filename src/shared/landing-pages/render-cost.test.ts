import { describe, expect, it } from 'vitest';
import { createComponent, createSection } from './create.ts';
import { nodeUnits, renderUnits } from './render-cost.ts';

describe('render units', () => {
  it('counts each section and component as one, and each entry of a list-like prop as one more', () => {
    const list = createComponent('list', { items: ['a', 'b', 'c'] });
    const social = createComponent('socialLinks', { platforms: ['facebook'], links: { facebook: 'https://f.example', linkedin: 'https://l.example' } });
    const container = { ...createComponent('container'), components: [createComponent('heading'), list] };
    const doc = [{ ...createSection('section'), components: [container, social] }, createSection('empty')];
    expect(nodeUnits(list)).toBe(1 + 3);
    expect(nodeUnits(social)).toBe(1 + 1 + 2);
    // Sections 2, container 1, heading 1, list 4, social links 4.
    expect(renderUnits(JSON.parse(JSON.stringify(doc)))).toBe(2 + 1 + 1 + 4 + 4);
  });

  it('reads anything JSON can hold without failing: not a page is no units', () => {
    for (const value of [null, 1, 'x', {}, [null, 1, 'x', [[]]], [{ components: 'x', props: 'y' }]]) expect(() => renderUnits(value)).not.toThrow();
    expect(renderUnits({ components: [] })).toBe(0);
  });

  it('walks hostile nesting without recursion', () => {
    let node: { components: unknown[] } = { components: [] };
    const root = [node];
    for (let i = 0; i < 200_000; i++) {
      const child = { components: [] };
      node.components.push(child);
      node = child;
    }
    expect(renderUnits(root)).toBe(200_001);
  });
});
