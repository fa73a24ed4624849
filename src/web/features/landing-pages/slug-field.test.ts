import { describe, expect, it } from 'vitest';
import { slugAfterTitleChange, slugCheckState, stripTypedSlug } from './slug-field.ts';

/** Types a title one character at a time, as the dialog sees it, starting from `slug`. */
function typeTitle(title: string, slug = '') {
  let previous = '';
  for (const char of title) {
    slug = slugAfterTitleChange(slug, previous, previous + char);
    previous += char;
  }
  return slug;
}

describe('the slug follows the title', () => {
  it('while the slug is empty or untouched, keystroke by keystroke', () => {
    expect(typeTitle('Spring Sale 2026!')).toBe('spring-sale-2026');
    expect(typeTitle('Über  uns -- Kontakt')).toBe('uber-uns-kontakt');
  });

  it('when the title is replaced at once, and back to empty', () => {
    expect(slugAfterTitleChange('spring-sale', 'Spring Sale', 'Summer Sale')).toBe('summer-sale');
    expect(slugAfterTitleChange('spring-sale', 'Spring Sale', '')).toBe('');
  });

  it('no more once the person edited the slug', () => {
    const edited = 'my-offer';
    expect(slugAfterTitleChange(edited, 'Spring Sale', 'Spring Sale 2026')).toBe(edited);
    // Even an edit that only shortens the derived slug counts as an edit.
    expect(slugAfterTitleChange('spring', 'Spring Sale', 'Spring Sale 2026')).toBe('spring');
  });

  it('again once the person cleared the slug', () => {
    expect(slugAfterTitleChange('', 'Spring Sale', 'Spring Sale 2026')).toBe('spring-sale-2026');
  });

  it('for a page being edited whose slug is still its title’s', () => {
    expect(slugAfterTitleChange('spring-sale', 'Spring Sale', 'Spring Sale Extended')).toBe('spring-sale-extended');
    expect(slugAfterTitleChange('sale', 'Spring Sale', 'Spring Sale Extended')).toBe('sale');
  });
});

describe('typing into the slug field', () => {
  it('strips everything but lowercase letters, digits and hyphens', () => {
    expect(stripTypedSlug('My Page_2!', 10).value).toBe('yage2');
    expect(stripTypedSlug('spring-sale-2026', 16)).toEqual({ value: 'spring-sale-2026', caret: 16 });
    expect(stripTypedSlug('ünïcode', 7).value).toBe('ncode');
  });

  it('keeps the caret after the characters it was after', () => {
    // "spring sale" with a space typed at position 6: the space goes, the caret stays after "spring".
    expect(stripTypedSlug('spring sale', 7)).toEqual({ value: 'springsale', caret: 6 });
    expect(stripTypedSlug('a B c', 3)).toEqual({ value: 'ac', caret: 1 });
  });
});

describe('the live check state', () => {
  it('is idle while the slug breaks a rule', () => {
    for (const slug of ['', 'ab', 'a'.repeat(51), '-abc', 'ab--c']) expect(slugCheckState(slug, slug, { available: true })).toBe('idle');
  });

  it('is checking while typing has not settled or the answer is on its way', () => {
    expect(slugCheckState('spring-sale', 'spring', { available: true })).toBe('checking');
    expect(slugCheckState('spring-sale', 'spring-sale', 'pending')).toBe('checking');
  });

  it('shows the answer for the settled slug', () => {
    expect(slugCheckState('spring-sale', 'spring-sale', { available: true })).toBe('available');
    expect(slugCheckState('spring-sale', 'spring-sale', { available: false })).toBe('taken');
  });

  it('does not block the form when the check itself failed: the server still refuses a taken slug', () => {
    expect(slugCheckState('spring-sale', 'spring-sale', 'failed')).toBe('idle');
  });
});
