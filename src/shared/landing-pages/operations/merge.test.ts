import { describe, expect, it } from 'vitest';
import { samplePage } from '../testing/fixtures.ts';
import { editKey, mergeTemporaryEdits } from './merge.ts';
import { removeNode } from './remove.ts';

describe('mergeTemporaryEdits', () => {
  it("merges each key's props and styles into its component, and 'section' edits into the section", () => {
    const doc = samplePage();
    const next = mergeTemporaryEdits(doc, {
      [editKey('main', 'intro')]: { props: { text: 'Edited' }, styles: { color: '#111' } },
      [editKey('main', 'text')]: { props: { text: 'In a cell' } },
      [editKey('other')]: { styles: { backgroundColor: '#fafafa' } },
    });
    expect(editKey('main')).toBe('main::section');
    expect(next[0]!.components[0]!.props.text).toBe('Edited');
    expect(next[0]!.components[0]!.styles).toEqual({ fontSize: '2rem', color: '#111' });
    expect(next[0]!.components[1]!.components![0]!.components![0]!.props.text).toBe('In a cell');
    expect(next[1]!.styles).toEqual({ backgroundColor: '#fafafa' });
    expect(next[1]!.components).toBe(doc[1]!.components);
    expect(next[0]!.components[2]).toBe(doc[0]!.components[2]);
  });

  it('drops keys of components that no longer exist', () => {
    const doc = removeNode(samplePage(), { id: 'box' });
    const edits = {
      [editKey('main', 'box')]: { props: { title: 'Gone' } },
      [editKey('main', 'cta')]: { props: { text: 'Gone too' } },
      [editKey('gone')]: { styles: { color: 'red' } },
      [editKey('main', 'main')]: { props: { title: 'A section is not a component' } },
      'no separator': { props: { text: 'x' } },
    };
    expect(mergeTemporaryEdits(doc, edits)).toBe(doc);
  });

  it('follows a component that moved to another section', () => {
    const next = mergeTemporaryEdits(samplePage(), { [editKey('main', 'items')]: { props: { type: 'ol' } } });
    expect(next[1]!.components[0]!.props.type).toBe('ol');
  });

  it('refuses an edit its field does not allow', () => {
    expect(() => mergeTemporaryEdits(samplePage(), { [editKey('main', 'intro')]: { props: { level: 'h0' } } })).toThrow(/^Level: /);
  });
});
