import { describe, expect, it } from 'vitest';
import { imageListQuerySchema, normalizeTags, parseTagInput, tagsBodySchema, usageQuerySchema } from './api.ts';

describe('tags', () => {
  it('are trimmed, blanks dropped, repeats (any case) dropped with the first spelling kept', () => {
    expect(normalizeTags([' Summer ', 'summer', '', '  ', 'Travel'])).toEqual(['Summer', 'Travel']);
    expect(parseTagInput('beach, Sun ,,beach')).toEqual(['beach', 'Sun']);
  });

  it('are limited in length and number', () => {
    expect(tagsBodySchema.safeParse({ tags: ['x'.repeat(50)] }).success).toBe(true);
    expect(tagsBodySchema.safeParse({ tags: ['x'.repeat(51)] }).success).toBe(false);
    expect(tagsBodySchema.safeParse({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).success).toBe(false);
    // Twenty-one entries that are twenty tags once repeats go are fine.
    expect(tagsBodySchema.safeParse({ tags: [...Array.from({ length: 20 }, (_, i) => `t${i}`), 'T0'] }).success).toBe(true);
  });
});

describe('list query', () => {
  it('defaults to all images, newest first, the first page', () => {
    expect(imageListQuerySchema.parse({})).toEqual({ filter: 'all', sort: 'date', page: 1, page_size: 24 });
    expect(imageListQuerySchema.parse({ search: '  ', filter: '', page: '3' })).toMatchObject({ filter: 'all', page: 3 });
  });

  it('reads ids for the usage question from a comma-separated list', () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    expect(usageQuerySchema.parse({ ids: `${a},${b}` }).ids).toEqual([a, b]);
    expect(usageQuerySchema.safeParse({ ids: 'nope' }).success).toBe(false);
  });
});
