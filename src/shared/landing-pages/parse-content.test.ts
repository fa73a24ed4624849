import { describe, expect, it } from 'vitest';
import { MODEL_MESSAGES } from './messages.ts';
import { parseContent, serializeContent } from './parse-content.ts';
import { deepChain, samplePage } from './testing/fixtures.ts';

const page = (components: unknown[]) => JSON.stringify([{ id: 's', type: 'section', props: {}, styles: {}, components }]);
const problems = (json: string) => {
  const result = parseContent(json);
  if (result.ok) throw new Error('expected the content to be refused');
  return result.details;
};

describe('parseContent', () => {
  it('gives the default page when content is missing', () => {
    for (const missing of [null, undefined, '', '  \n ']) {
      const result = parseContent(missing);
      expect(result.ok && result.source).toBe('default');
      expect(result.ok && result.content.map((section) => section.type)).toEqual(['hero', 'container']);
    }
  });

  it('reads back what serializeContent saved, as pretty-printed JSON', () => {
    const doc = samplePage();
    const text = serializeContent(doc);
    expect(text).toContain('\n  {\n    "id": "main"');
    expect(parseContent(text)).toEqual({ ok: true, content: doc, source: 'stored' });
  });

  it('explains JSON that does not parse', () => {
    const result = parseContent('[{"id": "s",');
    expect(result).toMatchObject({ ok: false, message: 'The content is not valid JSON' });
    expect(!result.ok && result.details[0]).toMatch(/JSON/);
  });

  it('refuses content that is not a list of sections, saying where', () => {
    expect(problems('{"sections": []}')).toEqual([expect.stringMatching(/^sections: /)]);
    expect(problems('[{"type": "section"}]')).toEqual([expect.stringMatching(/^sections\[0\]\.id: /)]);
    expect(problems(page([{ id: 'h', type: 'heading', props: { level: 'h7' } }]))).toEqual([
      expect.stringMatching(/^sections\[0\]\.components\[0\]\.props\.level: .*h1/),
    ]);
    expect(problems(page([{ id: 't', type: 'textarea', props: { rows: 21 } }]))).toEqual([
      expect.stringMatching(/^sections\[0\]\.components\[0\]\.props\.rows: /),
    ]);
    expect(problems(page([{ id: 'h', type: 'hero', props: { overlay: 1.5 } }]))).toHaveLength(1);
    expect(problems(page([{ id: 'l', type: 'list', props: { items: 'one' } }]))).toHaveLength(1);
    expect(problems(page([{ id: 'x', type: 'paragraph', styles: { color: ['red'] } }]))).toHaveLength(1);
  });

  it('refuses grid cells outside a grid, other components in a grid, and children of a leaf', () => {
    expect(problems(page([{ id: 'c', type: 'gridCell' }]))).toEqual([`sections[0].components[0].type: ${MODEL_MESSAGES.gridCellOutsideGrid}`]);
    expect(problems(page([{ id: 'g', type: 'grid', components: [{ id: 'h', type: 'heading' }] }]))).toEqual([
      `sections[0].components[0].components[0].type: ${MODEL_MESSAGES.onlyGridCells}`,
    ]);
    expect(problems(page([{ id: 'h', type: 'heading', components: [{ id: 'p', type: 'paragraph' }] }]))).toEqual([
      `sections[0].components[0].components[0].type: ${MODEL_MESSAGES.holdsNothing('heading')}`,
    ]);
  });

  it('refuses an id used twice', () => {
    expect(problems(page([{ id: 'a', type: 'heading' }, { id: 'b', type: 'container', components: [{ id: 'a', type: 'button' }] }]))).toEqual([
      `sections[0].components[1].components[0].id: ${MODEL_MESSAGES.duplicateId('a')}`,
    ]);
  });

  it('takes nesting 20 deep and refuses 21', () => {
    expect(parseContent(serializeContent(deepChain(20))).ok).toBe(true);
    const details = problems(serializeContent(deepChain(21)));
    expect(details).toHaveLength(1);
    expect(details[0]).toMatch(new RegExp(`(\\.components\\[0\\]){20}\\.components: ${MODEL_MESSAGES.tooDeep}$`));
  });

  it('stops at the depth limit however deep the content goes', () => {
    let nested = '{"id":"x","type":"container","components":[]}';
    for (let level = 0; level < 5000; level++) nested = `{"id":"c${level}","type":"container","components":[${nested}]}`;
    expect(problems(`[{"id":"s","type":"section","components":[${nested}]}]`)).toHaveLength(1);
  });

  it('keeps unknown types and props as stored, so the canvas can show them', () => {
    const result = parseContent(page([{ id: 'm', type: 'marquee', props: { speed: 3 } }, { id: 'h', type: 'heading', props: { anchor: 'top' } }]));
    expect(result.ok && result.content[0]!.components).toEqual([
      { id: 'm', type: 'marquee', props: { speed: 3 }, styles: {} },
      { id: 'h', type: 'heading', props: { anchor: 'top' }, styles: {} },
    ]);
  });

  it('normalises older values: booleans to checkbox strings, numbers as text, numeric text as numbers', () => {
    const result = parseContent(
      page([
        { id: 'c', type: 'checkbox', props: { checked: true, required: false } },
        { id: 'i', type: 'image', props: { width: 400 } },
        { id: 't', type: 'textarea', props: { rows: '6' } },
      ]),
    );
    expect(result.ok && result.content[0]!.components.map((c) => c.props)).toEqual([
      { checked: 'true', required: 'false' },
      { width: '400' },
      { rows: 6 },
    ]);
  });

  it('lists at most 20 problems and counts the rest', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `h${i}`, type: 'heading', props: { level: 'h9' } }));
    const details = problems(page(many));
    expect(details).toHaveLength(21);
    expect(details[20]).toBe('... and 10 more');
  });
});
