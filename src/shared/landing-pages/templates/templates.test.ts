import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isComponentType } from '../component-definitions.ts';
import { defaultPage } from '../default-page.ts';
import { nodeIndex } from '../node-index.ts';
import { parseContent, serializeContent } from '../parse-content.ts';
import { walk } from '../tree.ts';
import type { PageContent } from '../types.ts';
import { findTemplate, PAGE_TEMPLATES, templateImagePath, templatePage } from './index.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC = path.resolve(HERE, '../../../../public');

const ids = (page: PageContent) => [...nodeIndex(page).keys()];

describe('page templates', () => {
  it('offers at least the eight starting points the gallery promises, with unique ids and slugs', () => {
    expect(PAGE_TEMPLATES.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Webinar sign-up', 'Waiting list', 'Coaching offer with pricing', 'Free download', 'Event', 'About me', 'Link in bio', 'Thank-you page']),
    );
    expect(new Set(PAGE_TEMPLATES.map((t) => t.id)).size).toBe(PAGE_TEMPLATES.length);
    expect(new Set(PAGE_TEMPLATES.map((t) => t.slug)).size).toBe(PAGE_TEMPLATES.length);
    for (const template of PAGE_TEMPLATES) {
      expect(template.description.length, template.id).toBeGreaterThan(20);
      expect(template.slug, template.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it.each(PAGE_TEMPLATES.map((t) => [t.id, t] as const))('%s parses as stored content and uses only known component types', (_, template) => {
    const page = template.make();
    const parsed = parseContent(serializeContent(page));
    expect(parsed.ok && parsed.source, parsed.ok ? '' : parsed.details.join('\n')).toBe('stored');
    walk(page, (node, at) => {
      if (at.length > 1) expect(isComponentType(node.type), `${template.id}: ${node.type}`).toBe(true);
    });
    expect(page.length).toBeGreaterThan(0);
  });

  it.each(PAGE_TEMPLATES.map((t) => [t.id, t] as const))('%s makes fresh ids on every instantiation', (_, template) => {
    const first = ids(template.make());
    const second = ids(template.make());
    expect(new Set(first).size).toBe(first.length);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });

  it('has one screenshot per template in public/', () => {
    for (const template of PAGE_TEMPLATES) {
      const file = path.join(PUBLIC, templateImagePath(template.id));
      expect(fs.existsSync(file), `${template.id} has no screenshot at ${file}: run npm run templates:screenshots`).toBe(true);
      expect(fs.statSync(file).size).toBeGreaterThan(1_000);
    }
  });

  it('lists every template module, and every listed page comes from one of them', async () => {
    const modules = fs.readdirSync(HERE).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !['index.ts', 'parts.ts'].includes(name));
    const makers = new Set<unknown>();
    for (const name of modules) {
      const exported = Object.values(await import(`./${name}`)).filter((value) => typeof value === 'function');
      expect(exported, name).toHaveLength(1);
      makers.add(exported[0]);
    }
    expect(new Set(PAGE_TEMPLATES.map((t) => t.make))).toEqual(makers);
  });

  it('gives the default page for an unknown or missing id', () => {
    expect(findTemplate('nope')).toBeUndefined();
    for (const id of ['nope', '', null, undefined, '__proto__', 'constructor']) {
      expect(templatePage(id).map((s) => s.type)).toEqual(defaultPage().map((s) => s.type));
    }
    expect(templatePage('webinar')[0]!.components.some((c) => c.props.text === 'Find clarity for your next career step in 60 minutes')).toBe(true);
  });
});
