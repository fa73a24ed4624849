import { describe, expect, it } from 'vitest';
import { typedText } from './inline-text.tsx';

describe('typedText', () => {
  it('keeps the line breaks of a multi-line text, without the one an editor leaves at the end', () => {
    expect(typedText('Line one\nLine two\n', true)).toBe('Line one\nLine two');
    expect(typedText('a\r\nb', true)).toBe('a\nb');
  });

  it('joins the lines of a single-line text (a pasted paragraph into a heading)', () => {
    expect(typedText('Spring\n  sale\nnow', false)).toBe('Spring sale now');
  });
});
