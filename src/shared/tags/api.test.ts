import { describe, expect, it } from 'vitest';
import { DEFAULT_TAG_COLOR, tagFormSchema, TAG_MESSAGES } from './api.ts';

describe('tagFormSchema', () => {
  it('defaults the colour and reads the Kit tag id from a number or its text', () => {
    expect(tagFormSchema.parse({ name: 'vip', color: '', kit_tag_id: ' 123 ' })).toEqual({
      name: 'vip',
      description: null,
      color: DEFAULT_TAG_COLOR,
      kit_tag_name: null,
      kit_tag_id: 123,
    });
    expect(tagFormSchema.parse({ name: 'vip', kit_tag_id: 77 }).kit_tag_id).toBe(77);
    expect(tagFormSchema.parse({ name: 'vip', kit_tag_id: null }).kit_tag_id).toBeNull();
  });

  it('refuses a non-numeric Kit tag id with the clear message', () => {
    for (const kit_tag_id of ['abc', '12a', 1.5, '9007199254740993']) {
      const result = tagFormSchema.safeParse({ name: 'vip', kit_tag_id });
      expect(result.error?.issues.map((i) => i.message), String(kit_tag_id)).toEqual([TAG_MESSAGES.kitTagIdNotNumber]);
    }
  });
});
