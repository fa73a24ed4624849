import { describe, expect, it } from 'vitest';
import { collectClassNames, joinClassNames, splitClassNames } from './class-names.ts';
import { editNode } from './operations/update.ts';
import { samplePage } from './testing/fixtures.ts';

describe('class names', () => {
  it('split a class string without empty entries or repeats', () => {
    expect(splitClassNames('  p-4   md:p-8\nmt-2 p-4 ')).toEqual(['p-4', 'md:p-8', 'mt-2']);
    expect(splitClassNames(undefined)).toEqual([]);
    expect(joinClassNames(['a', 'b'])).toBe('a b');
  });

  it("collect every class a page uses: tailwindClasses of sections and components, and class props", () => {
    const edits = [
      ['main', { props: { tailwindClasses: 'bg-primary-50 py-16' } }],
      ['box', { props: { background: 'bg-teal-100', tailwindClasses: 'rounded-xl p-[13px] py-16' } }],
      ['text', { props: { tailwindClasses: 'text-lg hover:text-accent-600' } }],
    ] as const;
    const doc = edits.reduce((page, [id, edit]) => editNode(page, id, edit), samplePage());
    expect(collectClassNames(doc)).toEqual([
      'bg-primary-50',
      'bg-teal-100',
      'font-bold',
      'hover:text-accent-600',
      'p-[13px]',
      'py-16',
      'rounded-xl',
      'text-4xl',
      'text-gray-900',
      'text-lg',
    ]);
  });

  it('leave out text props that are not classes, unknown types apart from tailwindClasses, and junk', () => {
    const doc = [
      {
        id: 's',
        type: 'section',
        props: {},
        styles: {},
        components: [
          { id: 'p', type: 'paragraph', props: { text: 'text-red-500 is not a class here', tailwindClasses: 'mt-1 <script> x' }, styles: {} },
          { id: 'u', type: 'marquee', props: { tailwindClasses: 'animate-pulse', background: 'bg-red-500' }, styles: {} },
        ],
      },
    ];
    expect(collectClassNames(doc)).toEqual(['animate-pulse', 'mt-1', 'x']);
  });
});
