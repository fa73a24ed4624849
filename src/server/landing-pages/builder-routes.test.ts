import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { BUILDER_PAGE_TITLE, LANDING_PAGE_PATHS, cssResultSchema, landingPageResultSchema } from '../../shared/landing-pages/api.ts';
import { landingPages } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(landingPages);
});

const post = (url: string, payload: object) => t.as(cookie, { method: 'POST', url, payload });

describe("the builder's routes", () => {
  it("creates 'New Landing Page', active, of type builder, each with its own slug", async () => {
    const content = JSON.stringify([{ id: 's', type: 'section', props: {}, styles: {}, components: [] }], null, 2);
    const first = await post(LANDING_PAGE_PATHS.builder, { content });
    expect(first.statusCode, first.body).toBe(201);
    expect(landingPageResultSchema.parse(first.json()).page).toMatchObject({
      title: BUILDER_PAGE_TITLE,
      slug: 'landing-page',
      page_type: 'builder',
      is_active: true,
      content,
    });
    const second = landingPageResultSchema.parse((await post(LANDING_PAGE_PATHS.builder, { content })).json()).page;
    expect(second.slug).toBe('landing-page-1');
    expect((await post(LANDING_PAGE_PATHS.builder, { content: ' ' })).statusCode).toBe(400);
  });

  it('compiles the CSS of the classes asked for and names those Tailwind does not know', async () => {
    const res = await post(LANDING_PAGE_PATHS.css, { classes: ['text-4xl', 'bg-primary-600', 'not-a-real-class', 'p-[13px]'] });
    expect(res.statusCode, res.body).toBe(200);
    const { css, unknown } = cssResultSchema.parse(res.json());
    expect(css).toContain('.text-4xl');
    expect(css).toContain('.bg-primary-600');
    expect(css).toMatch(/\.p-\\\[13px\\\]/);
    expect(unknown).toEqual(['not-a-real-class']);
  });

  it('is for staff only', async () => {
    const res = await t.app.inject({ method: 'POST', url: LANDING_PAGE_PATHS.css, payload: { classes: ['p-4'] } });
    expect(res.statusCode).toBe(401);
  });
});
