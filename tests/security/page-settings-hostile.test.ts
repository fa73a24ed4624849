import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../helpers/test-app.ts';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { PAGE_SETTINGS_LIMITS, PAGE_SETTINGS_MESSAGES } from '../../src/shared/landing-pages/page-settings.ts';
import { TEXT_MESSAGES } from '../../src/shared/text/characters.ts';

/**
 * A page's settings end up in every visitor's HTML head and in link previews: hostile text stays text
 * (escaped, never a tag), and addresses that are not what they claim (javascript:, another site's
 * image, a relative canonical) are refused with a 400 on the field, never stored.
 */

const app = signedInApp({ PUBLIC_URL: 'https://pages.example' });
const content = serializeContent([{ ...createSection('section'), components: [createComponent('heading', { text: 'Hello' })] }]);

async function newPage() {
  const res = await app.api('POST', LANDING_PAGE_PATHS.builder, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ page: { id: string; slug: string; version: number } }>().page;
}
const saveSettings = (page: { id: string; version: number }, settings: unknown) =>
  app.api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), { content, settings, base_version: page.version });

describe('page settings', () => {
  it('keep quotes, tags and </title> as text in the head: no element is added, each value reads back exactly', async () => {
    const page = await newPage();
    const hostile = {
      description: `"><script>alert('d')</script><meta name="robots" content="noindex">`,
      social_title: `</title><script>alert('t')</script>`,
      social_description: `' onload='alert(1)' x='&amp;`,
    };
    const saved = await saveSettings(page, hostile);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await app.t.app.inject({ method: 'GET', url: `/lp/${page.slug}` });
    expect(res.statusCode).toBe(200);
    const { document } = new JSDOM(res.body).window;
    // Nothing the author wrote became an element: no script, no second robots tag.
    expect([...document.querySelectorAll('script')].every((script) => script.getAttribute('type') === 'module' && script.getAttribute('src')?.startsWith('/assets/'))).toBe(true);
    expect(document.querySelectorAll('meta[name="robots"]')).toHaveLength(0);
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(content('meta[name="description"]')).toBe(hostile.description);
    expect(content('meta[property="og:title"]')).toBe(hostile.social_title);
    expect(content('meta[name="twitter:title"]')).toBe(hostile.social_title);
    expect(content('meta[property="og:description"]')).toBe(hostile.social_description);
    expect(document.title).toBe('New Landing Page');
  });

  it.each([
    ['canonical', 'javascript:alert(1)', PAGE_SETTINGS_MESSAGES.canonicalInvalid],
    ['canonical', 'JAVASCRIPT://%0aalert(1)', PAGE_SETTINGS_MESSAGES.canonicalInvalid],
    ['canonical', 'data:text/html,<script>alert(1)</script>', PAGE_SETTINGS_MESSAGES.canonicalInvalid],
    ['canonical', '//evil.example/page', PAGE_SETTINGS_MESSAGES.canonicalInvalid],
    ['canonical', '/lp/other', PAGE_SETTINGS_MESSAGES.canonicalInvalid],
    ['canonical', 'https://user:secret@evil.example/', PAGE_SETTINGS_MESSAGES.canonicalInvalid],
    ['social_image', 'https://evil.example/tracker.jpg', PAGE_SETTINGS_MESSAGES.imageInvalid],
    ['social_image', 'javascript:alert(1)', PAGE_SETTINGS_MESSAGES.imageInvalid],
    ['social_image', '/api/public/images/../../crm/settings', PAGE_SETTINGS_MESSAGES.imageInvalid],
    ['favicon', 'data:image/svg+xml,<svg onload=alert(1)>', PAGE_SETTINGS_MESSAGES.imageInvalid],
    ['social_title', 'Title\u0000with NUL', TEXT_MESSAGES.controlCharacter],
    ['social_title', 'invoice\u202Efdp.exe', TEXT_MESSAGES.bidiControl],
    ['social_title', 'x'.repeat(PAGE_SETTINGS_LIMITS.title.max + 1), PAGE_SETTINGS_MESSAGES.tooLong(PAGE_SETTINGS_LIMITS.title.max)],
    ['description', 'x'.repeat(PAGE_SETTINGS_LIMITS.description.max + 1), PAGE_SETTINGS_MESSAGES.tooLong(PAGE_SETTINGS_LIMITS.description.max)],
  ])('refuse %s %j with a 400 on the field, and store nothing', async (field, value, message) => {
    const page = await newPage();
    const res = await saveSettings(page, { [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[`settings.${field}`]).toBe(message);
    const stored = await app.api('GET', LANDING_PAGE_PATHS.one.path({ id: page.id }));
    expect(stored.json().page.settings).toEqual({});
  });

  it('refuse settings no page has (a key the schema does not know)', async () => {
    const res = await saveSettings(await newPage(), { og_script: '<script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });
});
