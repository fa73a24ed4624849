import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import {
  LANDING_PAGE_PATHS,
  PAGE_CHANGED_CODE,
  PAGE_VERSIONS_KEPT,
  landingPageResultSchema,
  pageVersionListSchema,
  pageVersionResultSchema,
} from '../../shared/landing-pages/api.ts';
import { createComponent, createSection } from '../../shared/landing-pages/create.ts';
import { serializeContent } from '../../shared/landing-pages/parse-content.ts';
import { sequentialIds } from '../../shared/landing-pages/testing/fixtures.ts';
import { landingPages, landingPageVersions } from '../db/schema.ts';

const app = signedInApp();
const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';
let editorCookie: string;
beforeAll(async () => {
  editorCookie = await app.t.signIn(EDITOR);
});
beforeEach(async () => {
  await app.t.db.delete(landingPages);
});

const { api } = app;
const asEditor = (method: 'GET' | 'PUT', url: string, payload?: object) => app.t.as(editorCookie, { method, url, payload });

/** Builder content whose one heading says `text` (the same ids every time, so equal texts make equal content). */
const content = (text: string) => {
  const ids = sequentialIds();
  return serializeContent([{ ...createSection('section', {}, ids), components: [createComponent('heading', { text }, ids)] }]);
};

async function newPage() {
  const res = await api('POST', LANDING_PAGE_PATHS.builder, { content: content('First') });
  expect(res.statusCode, res.body).toBe(201);
  return landingPageResultSchema.parse(res.json()).page;
}
const saveBody = (text: string, baseVersion: number) => ({ content: content(text), base_version: baseVersion });
async function versions(pageId: string) {
  const res = await api('GET', LANDING_PAGE_PATHS.versions.path({ id: pageId }));
  expect(res.statusCode, res.body).toBe(200);
  return pageVersionListSchema.parse(res.json()).versions;
}

describe('save conflicts', () => {
  it("refuses a save that started from an older version, saying who saved it since and when; a save from the newest one overwrites", async () => {
    const page = await newPage();
    expect(page).toMatchObject({ version: 1, updated_by: { email: OWNER } });

    const theirs = await asEditor('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody('Theirs', page.version));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const saved = landingPageResultSchema.parse(theirs.json()).page;
    expect(saved).toMatchObject({ version: 2, updated_by: { email: EDITOR }, page_type: 'builder' });

    const mine = await api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody('Mine', page.version));
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error).toEqual({
      code: PAGE_CHANGED_CODE,
      message: `This page was changed at ${saved.updated_at.toISOString()} by ${EDITOR}`,
    });
    const stored = landingPageResultSchema.parse((await api('GET', LANDING_PAGE_PATHS.one.path({ id: page.id }))).json()).page;
    expect(stored).toMatchObject({ content: content('Theirs'), version: 2, updated_by: { email: EDITOR } });

    // Overwrite: the same work, now naming the version that refused it.
    const overwrite = await api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody('Mine', stored.version));
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(landingPageResultSchema.parse(overwrite.json()).page).toMatchObject({ content: content('Mine'), version: 3, updated_by: { email: OWNER } });
  });

  it('lets exactly one of several saves racing from the same version win', async () => {
    const page = await newPage();
    const texts = ['One', 'Two', 'Three', 'Four', 'Five'];
    const answers = await Promise.all(
      texts.map((text, i) => (i % 2 ? asEditor : (m: 'PUT', u: string, p: object) => api(m, u, p))('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody(text, page.version))),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(texts.length - 1);
    const winner = texts[statuses.indexOf(200)]!;
    const stored = landingPageResultSchema.parse((await api('GET', LANDING_PAGE_PATHS.one.path({ id: page.id }))).json()).page;
    expect(stored).toMatchObject({ content: content(winner), version: 2 });
    expect((await versions(page.id)).map((v) => v.number)).toEqual([2, 1]);
  });

  it("applies to the Edit form's save too; activating a page is no save and conflicts with nobody", async () => {
    const page = await newPage();
    const form = { title: 'Renamed', slug: page.slug, content: content('From the form'), page_type: 'builder', is_active: true };
    expect((await api('PATCH', LANDING_PAGE_PATHS.one.path({ id: page.id }), { is_active: false })).json().page.version).toBe(1);
    const edited = await asEditor('PUT', LANDING_PAGE_PATHS.one.path({ id: page.id }), { ...form, base_version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await api('PUT', LANDING_PAGE_PATHS.one.path({ id: page.id }), { ...form, title: 'Mine', base_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe(PAGE_CHANGED_CODE);
    expect(stale.json().error.message).toMatch(new RegExp(`^This page was changed at .+ by ${EDITOR}$`));
    expect((await api('PUT', LANDING_PAGE_PATHS.one.path({ id: page.id }), { ...form })).statusCode).toBe(400);
    expect((await api('PUT', LANDING_PAGE_PATHS.content.path({ id: '00000000-0000-4000-8000-000000000000' }), saveBody('x', 1))).statusCode).toBe(404);
  });
});

describe('version history', () => {
  it('keeps every save with its time, author and page type, newest first, and each version with its content', async () => {
    const page = await newPage();
    await asEditor('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody('Second', 1));
    await api('PUT', LANDING_PAGE_PATHS.one.path({ id: page.id }), { title: page.title, slug: page.slug, content: '<h1>Plain</h1>', page_type: 'html', is_active: true, base_version: 2 });
    const list = await versions(page.id);
    expect(list.map((v) => [v.number, v.author?.email, v.page_type])).toEqual([
      [3, OWNER, 'html'],
      [2, EDITOR, 'builder'],
      [1, OWNER, 'builder'],
    ]);
    expect(list[0]!.created_at.getTime()).toBeGreaterThanOrEqual(list[1]!.created_at.getTime());
    const second = pageVersionResultSchema.parse((await api('GET', LANDING_PAGE_PATHS.version.path({ id: page.id, versionId: list[1]!.id }))).json()).version;
    expect(second).toMatchObject({ number: 2, content: content('Second'), author: { email: EDITOR } });
  });

  it(`keeps only the last ${PAGE_VERSIONS_KEPT} versions of a page`, async () => {
    const page = await newPage();
    const other = await newPage();
    const saves = PAGE_VERSIONS_KEPT + 5;
    for (let base = 1; base <= saves; base++) {
      const res = await api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody(`Save ${base + 1}`, base));
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = await versions(page.id);
    expect(list).toHaveLength(PAGE_VERSIONS_KEPT);
    expect(list[0]!.number).toBe(saves + 1);
    expect(list.at(-1)!.number).toBe(saves + 2 - PAGE_VERSIONS_KEPT);
    // Pruning one page's history leaves the others alone.
    expect((await versions(other.id)).map((v) => v.number)).toEqual([1]);
    expect(await app.t.db.select().from(landingPageVersions)).toHaveLength(PAGE_VERSIONS_KEPT + 1);
  });

  it('restores a version by saving its content again, as a new version by whoever restored it', async () => {
    const page = await newPage();
    await api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), saveBody('Later', 1));
    const first = (await versions(page.id)).find((v) => v.number === 1)!;
    const kept = pageVersionResultSchema.parse((await asEditor('GET', LANDING_PAGE_PATHS.version.path({ id: page.id, versionId: first.id }))).json()).version;
    const restored = await asEditor('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), { content: kept.content, base_version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(landingPageResultSchema.parse(restored.json()).page).toMatchObject({ content: content('First'), version: 3 });
    expect((await versions(page.id))[0]).toMatchObject({ number: 3, author: { email: EDITOR } });
  });

  it('previews a version as the public renderer draws it, with no scripts; html versions in a sandbox', async () => {
    const page = await newPage();
    await api('PUT', LANDING_PAGE_PATHS.one.path({ id: page.id }), { title: page.title, slug: page.slug, content: '<h1>Raw page</h1><script>alert(1)</script>', page_type: 'html', is_active: true, base_version: 1 });
    const [html, builder] = await versions(page.id);
    const preview = await api('GET', LANDING_PAGE_PATHS.versionPreview.path({ id: page.id, versionId: builder!.id }));
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^text\/html/);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.body).toMatch(/<h1[^>]*>First<\/h1>/);
    expect(preview.body).not.toContain('<script');
    const raw = await api('GET', LANDING_PAGE_PATHS.versionPreview.path({ id: page.id, versionId: html!.id }));
    expect(raw.body).toContain('<h1>Raw page</h1>');
    expect(raw.headers['content-security-policy']).toMatch(/^sandbox;.*script-src 'none'/);
  });

  it("answers 404 for a version that does not exist or is another page's", async () => {
    const page = await newPage();
    const other = await newPage();
    const [version] = await versions(other.id);
    expect((await api('GET', LANDING_PAGE_PATHS.version.path({ id: page.id, versionId: version!.id }))).statusCode).toBe(404);
    expect((await api('GET', LANDING_PAGE_PATHS.version.path({ id: page.id, versionId: 'not-a-uuid' }))).statusCode).toBe(400);
    expect((await api('GET', LANDING_PAGE_PATHS.versions.path({ id: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(404);
    expect((await api('GET', LANDING_PAGE_PATHS.versionPreview.path({ id: page.id, versionId: version!.id }))).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const page = await newPage();
    const res = await app.t.app.inject({ method: 'GET', url: LANDING_PAGE_PATHS.versions.path({ id: page.id }) });
    expect(res.statusCode).toBe(401);
  });
});
