import { describe, expect, it } from 'vitest';
import { nodeIndex } from '../node-index.ts';
import { parseContent, serializeContent } from '../parse-content.ts';
import { samplePage } from '../testing/fixtures.ts';
import { editNode, updateProps, updateStyles } from './update.ts';

describe('updateProps and updateStyles', () => {
  it('set props and styles of one node, copying only its path', () => {
    const doc = samplePage();
    const next = updateStyles(updateProps(doc, { id: 'photo', props: { alt: 'A view', src: '/images/a.webp' } }), {
      id: 'photo',
      styles: { borderRadius: '8px', customCSS: 'opacity: 0.9' },
    });
    const photo = next[0]!.components[2]!.components![1]!.components![0]!;
    expect(photo.props).toMatchObject({ alt: 'A view', src: '/images/a.webp', objectFit: 'cover' });
    expect(photo.styles).toEqual({ borderRadius: '8px', customCSS: 'opacity: 0.9' });
    expect(next[1]).toBe(doc[1]);
    expect(next[0]!.components[2]!.components![0]).toBe(doc[0]!.components[2]!.components![0]);
    expect(nodeIndex(next)).toBe(nodeIndex(doc));
  });

  it('remove a key given undefined', () => {
    const next = editNode(samplePage(), 'intro', { props: { bold: undefined }, styles: { fontSize: undefined } });
    expect(next[0]!.components[0]!.props).not.toHaveProperty('bold');
    expect(next[0]!.components[0]!.styles).toEqual({});
  });

  it("check a type's own props against their fields and store them as the schema does", () => {
    const doc = samplePage();
    expect(() => updateProps(doc, { id: 'intro', props: { level: 'h9' } })).toThrow(/^Level: /);
    expect(() => updateProps(doc, { id: 'layout', props: { columns: 7 } })).toThrow(/^Columns: /);
    expect(() => updateProps(doc, { id: 'items', props: { items: 'one\ntwo' } })).toThrow(/^Items: /);
    expect(() => updateProps(doc, { id: 'main', props: { tailwindClasses: 3 } })).toThrow(/^tailwindClasses: /);
    expect(() => updateStyles(doc, { id: 'intro', styles: { color: Number.NaN } })).toThrow(/^color: /);
    const checked = updateProps(doc, { id: 'intro', props: { bold: true, anchor: 'top' } });
    expect(checked[0]!.components[0]!.props).toMatchObject({ bold: 'true', anchor: 'top' });
  });

  it('always leave a page that parses again', () => {
    const next = updateProps(samplePage(), { id: 'main', props: { title: 'Any prop a section keeps' } });
    expect(parseContent(serializeContent(next))).toMatchObject({ ok: true, content: next });
  });
});
