import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { LANDING_PAGE_MESSAGES, LANDING_PAGE_PATHS, landingPageListSchema, landingPageResultSchema } from '../../shared/landing-pages/api.ts';
import { SLUG_MESSAGES } from '../../shared/landing-pages/slug.ts';
import { landingPages } from '../db/schema.ts';
import { uniqueSlug } from './service.ts';

const app = signedInApp();
beforeEach(async () => {
  await app.t.db.delete(landingPages);
});

const { api } = app;
const page = (overrides: Record<string, unknown> = {}) => ({ title: 'Spring Sale', slug: 'spring-sale', content: '<h1>Hi</h1>', page_type: 'html', ...overrides });
async function create(overrides: Record<string, unknown> = {}) {
  const res = await api('POST', LANDING_PAGE_PATHS.list, page(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return landingPageResultSchema.parse(res.json()).page;
}

describe('landing pages admin API', () => {
  it('creates a page, active by default, and reads it back through the shared schema', async () => {
    const created = await create();
    expect(created).toMatchObject({ title: 'Spring Sale', slug: 'spring-sale', page_type: 'html', is_active: true, content: '<h1>Hi</h1>' });
    expect(created.created_at).toBeInstanceOf(Date);
    const res = await api('GET', LANDING_PAGE_PATHS.one.path({ id: created.id }));
    expect(landingPageResultSchema.parse(res.json()).page).toEqual(created);
  });

  it('answers each slug rule with its message, in the specified order', async () => {
    const cases: Array<[unknown, string]> = [
      ['', SLUG_MESSAGES.required],
      [undefined, SLUG_MESSAGES.required],
      ['ab', SLUG_MESSAGES.tooShort],
      ['a'.repeat(51), SLUG_MESSAGES.tooLong],
      ['Spring Sale', SLUG_MESSAGES.characters],
      ['-spring', SLUG_MESSAGES.edgeHyphen],
      ['spring--sale', SLUG_MESSAGES.doubleHyphen],
    ];
    for (const [slug, message] of cases) {
      const res = await api('POST', LANDING_PAGE_PATHS.list, page({ slug }));
      expect(res.statusCode, String(slug)).toBe(400);
      expect(res.json().error.fields.slug, String(slug)).toBe(message);
    }
    expect(await app.t.db.select().from(landingPages)).toHaveLength(0);
  });

  it('requires title and content', async () => {
    const res = await api('POST', LANDING_PAGE_PATHS.list, page({ title: '  ', content: ' \n ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ title: LANDING_PAGE_MESSAGES.titleRequired, content: LANDING_PAGE_MESSAGES.contentRequired });
  });

  it('refuses a taken slug with 409 on the field; editing a page keeps its own slug', async () => {
    const first = await create();
    const dup = await api('POST', LANDING_PAGE_PATHS.list, page({ title: 'Other' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ slug: SLUG_MESSAGES.taken });

    const check = async (slug: string, exclude?: string) =>
      (await api('GET', `${LANDING_PAGE_PATHS.slugCheck}?slug=${slug}${exclude ? `&exclude_id=${exclude}` : ''}`)).json().available;
    expect(await check('spring-sale')).toBe(false);
    expect(await check('spring-sale', first.id)).toBe(true);
    expect(await check('summer-sale')).toBe(true);

    const edited = await api('PUT', LANDING_PAGE_PATHS.one.path({ id: first.id }), { ...page({ title: 'Spring Sale 2026' }), base_version: first.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().page.title).toBe('Spring Sale 2026');
    const second = await create({ slug: 'summer-sale' });
    const steal = await api('PUT', LANDING_PAGE_PATHS.one.path({ id: second.id }), { ...page(), base_version: second.version });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().error.code).toBe('slug_taken');
  });

  it('lists newest first with a 100-character preview, and searches title and slug', async () => {
    await create({ title: 'Older', slug: 'older', content: 'x'.repeat(150) });
    await create({ title: 'Newer', slug: 'webinar-signup', content: 'short' });
    const list = landingPageListSchema.parse((await api('GET', LANDING_PAGE_PATHS.list)).json()).pages;
    expect(list.map((p) => p.title)).toEqual(['Newer', 'Older']);
    expect(list[1]!.content_preview).toBe(`${'x'.repeat(100)}...`);
    expect(list[0]!.content_preview).toBe('short');
    expect('content' in list[0]!).toBe(false);
    const found = landingPageListSchema.parse((await api('GET', `${LANDING_PAGE_PATHS.list}?search=WEBINAR`)).json()).pages;
    expect(found.map((p) => p.title)).toEqual(['Newer']);
    const percent = (await api('GET', `${LANDING_PAGE_PATHS.list}?search=%25`)).json().pages;
    expect(percent).toEqual([]);
  });

  it('activates and deactivates, and deletes', async () => {
    const created = await create();
    const off = await api('PATCH', LANDING_PAGE_PATHS.one.path({ id: created.id }), { is_active: false });
    expect(off.json().page.is_active).toBe(false);
    expect((await api('PATCH', LANDING_PAGE_PATHS.one.path({ id: created.id }), { is_active: true })).json().page.is_active).toBe(true);
    expect((await api('DELETE', LANDING_PAGE_PATHS.one.path({ id: created.id }))).statusCode).toBe(204);
    const gone = await api('GET', LANDING_PAGE_PATHS.one.path({ id: created.id }));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(LANDING_PAGE_MESSAGES.notFound);
    expect((await api('DELETE', LANDING_PAGE_PATHS.one.path({ id: 'not-a-uuid' }))).statusCode).toBe(400);
  });

  it('finds a unique slug: the prefix, then -1 … -100, then a timestamp', async () => {
    expect(await uniqueSlug(app.t.db, 'landing-page')).toBe('landing-page');
    await create({ slug: 'landing-page' });
    await create({ slug: 'landing-page-1' });
    expect(await uniqueSlug(app.t.db, 'landing-page')).toBe('landing-page-2');
    await app.t.db.insert(landingPages).values(
      Array.from({ length: 100 }, (_, i) => ({ title: 't', slug: `landing-page-${i + 1}`, content: 'x' })).slice(1),
    );
    expect(await uniqueSlug(app.t.db, 'landing-page', 1767225600000)).toBe('landing-page-1767225600000');
  });
});
