import { describe, expect, it } from 'vitest';
import { pageContentSchema } from './content-schema.ts';
import { defaultPage } from './default-page.ts';
import { nodeIndex } from './node-index.ts';

describe('defaultPage', () => {
  it('is a hero section with a title, a subtitle, a description and a Get Started button, then an empty container section', () => {
    const [hero, container, ...rest] = defaultPage();
    expect(rest).toEqual([]);
    expect(hero!.type).toBe('hero');
    expect(hero!.components.map((c) => [c.type, c.props.text])).toEqual([
      ['heading', 'Welcome to Your Landing Page'],
      ['paragraph', expect.any(String)],
      ['paragraph', expect.any(String)],
      ['button', 'Get Started'],
    ]);
    expect(String(hero!.props.tailwindClasses)).toMatch(/primary-\d+/);
    expect(container!.type).toBe('container');
    expect(container!.components).toEqual([]);
  });

  it('is a valid page with fresh, unique ids each time', () => {
    const first = defaultPage();
    const second = defaultPage();
    expect(pageContentSchema.safeParse(first).success).toBe(true);
    expect(nodeIndex(first).size).toBe(6);
    expect([...nodeIndex(first).keys()].some((id) => nodeIndex(second).has(id))).toBe(false);
    expect(first[0]!.id).toMatch(/^hero-\d{13}-/);
  });
});
