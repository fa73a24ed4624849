import { describe, expect, it } from 'vitest';
import { containsFormFields, elementId, formFieldName, slugifyFieldName } from './form-fields.ts';
import { node } from './testing/html.tsx';

describe('formFieldName', () => {
  it('sends email and tel inputs as email and phone whatever their label', () => {
    expect(formFieldName('input', { type: 'email', label: 'Where can we reach you?' })).toBe('email');
    expect(formFieldName('input', { type: 'tel', label: 'Mobile' })).toBe('phone');
  });

  it('knows labels for a name, an email, a phone and a LinkedIn profile', () => {
    for (const label of ['Name', 'Full name', 'Full Name *', 'Your name:', 'fullname']) expect(formFieldName('input', { type: 'text', label })).toBe('full_name');
    expect(formFieldName('input', { type: 'text', label: 'E-mail address' })).toBe('email');
    expect(formFieldName('input', { type: 'text', label: 'Phone number' })).toBe('phone');
    expect(formFieldName('input', { type: 'url', label: 'LinkedIn profile' })).toBe('linkedin');
    expect(formFieldName('input', { type: 'url', label: 'Your Linked In URL' })).toBe('linkedin');
  });

  it('sends other fields under a slug of their label, or their type without one', () => {
    expect(formFieldName('input', { type: 'text', label: 'Company size (approx.)' })).toBe('company_size_approx');
    expect(formFieldName('textarea', { label: 'Ihre Nachricht für uns' })).toBe('ihre_nachricht_fur_uns');
    expect(formFieldName('select', { label: '' })).toBe('select');
    expect(formFieldName('checkbox', { label: 'Send me the newsletter' })).toBe('send_me_the_newsletter');
    expect(formFieldName('input', { type: 'text', label: 'Username' })).toBe('username');
  });

  it("never sends a field under the lead endpoint's bot trap name", () => {
    expect(formFieldName('input', { type: 'url', label: 'Website' })).toBe('website_url');
    expect(formFieldName('radio', { name: 'website', label: 'Yes' })).toBe('website_url');
  });

  it('sends radios under their group name', () => {
    expect(formFieldName('radio', { name: 'Plan', label: 'Pro' })).toBe('plan');
    expect(formFieldName('radio', { name: '', label: 'Pro' })).toBe('choice');
  });

  it('keeps slugs short', () => {
    expect(slugifyFieldName('x'.repeat(100))).toHaveLength(64);
    expect(slugifyFieldName(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });
});

describe('elementId', () => {
  it('makes a valid id from any node id, different ids giving different element ids', () => {
    expect(elementId('input-1712345-abc', 'field')).toBe('lp-field-input-1712345-abc');
    const ids = ['a b', 'a_b', 'a_20_b', 'a\u00e9', 'a"b'].map((id) => elementId(id, 'field'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('containsFormFields', () => {
  it('finds a field anywhere below a node', () => {
    const deep = node('container', {}, {}, [node('container', {}, {}, [node('radio')])]);
    expect(containsFormFields(deep)).toBe(true);
    expect(containsFormFields(node('container', {}, {}, [node('button', { type: 'submit' }), node('heading')]))).toBe(false);
  });
});
