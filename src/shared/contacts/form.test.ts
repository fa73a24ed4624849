import { describe, expect, it } from 'vitest';
import { contactDisplayName, contactFormSchema, CONTACT_MESSAGES } from './form.ts';

describe('contactFormSchema', () => {
  it('normalises the email, turns empty text into null and applies the defaults', () => {
    expect(contactFormSchema.parse({ email: ' Max@Example.DE ', first_name: '  ', phone: ' 123 ' })).toEqual({
      email: 'max@example.de',
      first_name: null,
      last_name: null,
      full_name: null,
      phone: '123',
      address: null,
      country: null,
      linkedin: null,
      source: 'manual',
      status: 'lead',
      tags: [],
    });
  });

  it('refuses a repeated tag', () => {
    const result = contactFormSchema.safeParse({ email: 'a@b.de', tags: ['vip', ' vip'] });
    expect(result.error?.issues[0]?.message).toBe(CONTACT_MESSAGES.tagRepeated);
  });
});

describe('contactDisplayName', () => {
  it('prefers the full name, then first and last name', () => {
    expect(contactDisplayName({ full_name: 'Dr. Anna Schmidt', first_name: 'Anna', last_name: 'Schmidt' })).toBe('Dr. Anna Schmidt');
    expect(contactDisplayName({ full_name: null, first_name: 'Anna', last_name: null })).toBe('Anna');
    expect(contactDisplayName({ full_name: '', first_name: null, last_name: 'Schmidt' })).toBe('Schmidt');
    expect(contactDisplayName({ full_name: null, first_name: null, last_name: null })).toBeNull();
  });
});
