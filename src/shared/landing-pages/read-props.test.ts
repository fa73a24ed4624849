import { describe, expect, it } from 'vitest';
import { readProps } from './read-props.ts';

describe('readProps', () => {
  it('gives stored props over the defaults of the type', () => {
    const node = { id: 't', type: 'textarea', props: { label: 'Your question', extra: 1 }, styles: {} };
    const props = readProps(node, 'textarea');
    expect(props).toEqual({ placeholder: 'Enter your message', label: 'Your question', rows: 4, required: 'false', tailwindClasses: '' });
    const rows: number = props.rows;
    expect(rows).toBe(4);
  });
});
