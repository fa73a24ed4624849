import { describe, expect, it } from 'vitest';
import { SLUG_MESSAGES, slugCandidates, slugError, slugFromTitle, stripSlugInput } from './slug.ts';

describe('slugError: the six rules, checked in the specified order', () => {
  it.each([
    ['', SLUG_MESSAGES.required],
    ['ab', SLUG_MESSAGES.tooShort],
    ['-a', SLUG_MESSAGES.tooShort],
    ['a'.repeat(51), SLUG_MESSAGES.tooLong],
    ['Hello', SLUG_MESSAGES.characters],
    ['my page', SLUG_MESSAGES.characters],
    ['über-uns', SLUG_MESSAGES.characters],
    ['-abc', SLUG_MESSAGES.edgeHyphen],
    ['abc-', SLUG_MESSAGES.edgeHyphen],
    ['a--b', SLUG_MESSAGES.doubleHyphen],
    // An earlier rule wins: too short and bad characters reports "too short".
    ['A!', SLUG_MESSAGES.tooShort],
    ['-a--b-', SLUG_MESSAGES.edgeHyphen],
  ])('%j -> %s', (slug, message) => {
    expect(slugError(slug)).toBe(message);
  });

  it('accepts 3 and 50 characters of letters, digits and single inner hyphens', () => {
    for (const slug of ['abc', 'a'.repeat(50), 'spring-sale-2026', '2026', 'a-b-c']) expect(slugError(slug)).toBeNull();
  });
});

describe('typing and deriving', () => {
  it('strips every character other than lowercase letters, digits and hyphens while typing', () => {
    expect(stripSlugInput('My Page!_2026-x')).toBe('yage2026-x');
    expect(stripSlugInput('abc DEF-1')).toBe('abc-1');
  });

  it('derives the slug from a title: lowercase, special characters removed, spaces to hyphens, collapsed and trimmed', () => {
    expect(slugFromTitle('  Spring Sale: 50% off!  ')).toBe('spring-sale-50-off');
    expect(slugFromTitle('Über uns — Coaching & Mehr')).toBe('uber-uns-coaching-mehr');
    expect(slugFromTitle('a -- b')).toBe('a-b');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle(`${'word '.repeat(20)}`).length).toBeLessThanOrEqual(50);
    expect(slugError(slugFromTitle(`${'word '.repeat(20)}`))).toBeNull();
  });

  it('tries the prefix, then -1 … -100, then a timestamp', () => {
    const candidates = slugCandidates('landing-page', 1767225600000);
    expect(candidates[0]).toBe('landing-page');
    expect(candidates[1]).toBe('landing-page-1');
    expect(candidates[100]).toBe('landing-page-100');
    expect(candidates.at(-1)).toBe('landing-page-1767225600000');
    expect(candidates).toHaveLength(102);
  });
});
