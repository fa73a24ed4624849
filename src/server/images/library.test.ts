import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { IMAGE_PATHS, type DeleteManyResult, type ImageDto, type ImageList } from '../../shared/images/api.ts';
import { IMAGE_MESSAGES } from '../../shared/images/messages.ts';
import { landingPages, uploadedImages, users } from '../db/schema.ts';
import { multipartBody, photo } from './test-images.ts';

/**
 * The library's list, statistics, tags and deletion, as the Image Library screen calls them. Rows
 * are inserted directly where only their facts matter (sizes, dates, names); uploads are real where
 * files matter.
 */

let t: TestApp;
let cookie: string;
let otherCookie: string;
let userId: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-library-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookie = await t.signIn('owner@example.com');
  otherCookie = await t.signIn('colleague@example.com');
  userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@example.com')))[0]!.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;
const hex = (n: number) => n.toString(16).padStart(32, '0');

async function insertImage(values: { name: string; size?: number; daysAgo?: number; tags?: string[]; n: number; user?: string | null }) {
  const file = `${hex(values.n)}.jpg`;
  const [row] = await t.db
    .insert(uploadedImages)
    .values({
      name: values.name,
      url: `/api/public/images/${file}`,
      storage_key: `images/${file}`,
      size: values.size ?? 50_000,
      uploaded_at: new Date(Date.now() - (values.daysAgo ?? 0) * DAY),
      user_id: values.user === undefined ? userId : values.user,
      width: 800,
      height: 600,
      mime_type: 'image/jpeg',
      tags: values.tags ?? [],
    })
    .returning();
  return row!;
}

const list = async (query: Record<string, string | number> = {}, as = cookie) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.as(as, { method: 'GET', url: `${IMAGE_PATHS.list}?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImageList>();
};
const names = (result: ImageList) => result.images.map((i) => i.name);

describe('the image list', () => {
  beforeAll(async () => {
    await insertImage({ n: 1, name: 'beach.jpg', size: 2 * MB, daysAgo: 1, tags: ['Summer', 'travel'] });
    await insertImage({ n: 2, name: 'Alps.jpg', size: 300_000, daysAgo: 3, tags: ['winter'] });
    await insertImage({ n: 3, name: 'city-night.jpg', size: MB + 1, daysAgo: 10 });
    await insertImage({ n: 4, name: 'desk.jpg', size: MB, daysAgo: 30, tags: ['office'] });
    await insertImage({ n: 5, name: 'someone-elses.jpg', daysAgo: 0, user: null });
  });

  it("shows only the signed-in user's images, newest first", async () => {
    const result = await list();
    expect(names(result)).toEqual(['beach.jpg', 'Alps.jpg', 'city-night.jpg', 'desk.jpg']);
    expect(result.total).toBe(4);
    expect((await list({}, otherCookie)).total).toBe(0);
  });

  it('filters recent (last 7 days) and large (over 1MB, so exactly 1MB is not large)', async () => {
    expect(names(await list({ filter: 'recent' }))).toEqual(['beach.jpg', 'Alps.jpg']);
    expect(names(await list({ filter: 'large' }))).toEqual(['beach.jpg', 'city-night.jpg']);
    expect(names(await list({ filter: 'all' }))).toHaveLength(4);
  });

  it('sorts by name (A to Z, any case) and by size (largest first)', async () => {
    expect(names(await list({ sort: 'name' }))).toEqual(['Alps.jpg', 'beach.jpg', 'city-night.jpg', 'desk.jpg']);
    expect(names(await list({ sort: 'size' }))).toEqual(['beach.jpg', 'city-night.jpg', 'desk.jpg', 'Alps.jpg']);
  });

  it('searches names and tags, in any case, with LIKE wildcards taken literally', async () => {
    expect(names(await list({ search: 'NIGHT' }))).toEqual(['city-night.jpg']);
    expect(names(await list({ search: 'summer' }))).toEqual(['beach.jpg']);
    expect(names(await list({ search: 'trav' }))).toEqual(['beach.jpg']);
    expect(names(await list({ search: '%' }))).toEqual([]);
    expect(names(await list({ search: 'jpg', filter: 'large', sort: 'name' }))).toEqual(['beach.jpg', 'city-night.jpg']);
  });

  it('pages on the server, with the total of all pages', async () => {
    const first = await list({ sort: 'name', page_size: 3, page: 1 });
    const second = await list({ sort: 'name', page_size: 3, page: 2 });
    expect([names(first), names(second)]).toEqual([['Alps.jpg', 'beach.jpg', 'city-night.jpg'], ['desk.jpg']]);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect(names(await list({ page: 9 }))).toEqual([]);
  });

  it('refuses a filter, sort or page size it does not know', async () => {
    for (const query of ['filter=huge', 'sort=colour', 'page_size=1000', 'page=0']) {
      const res = await t.as(cookie, { method: 'GET', url: `${IMAGE_PATHS.list}?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('updates tags: trimmed, blanks and repeats dropped; then found by them', async () => {
    const [desk] = await t.db.select().from(uploadedImages).where(eq(uploadedImages.name, 'desk.jpg'));
    const res = await t.as(cookie, { method: 'PATCH', url: IMAGE_PATHS.one.path({ id: desk!.id }), payload: { tags: [' Work ', '', 'work', 'desk setup'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ image: ImageDto }>().image.tags).toEqual(['Work', 'desk setup']);
    expect(names(await list({ search: 'setup' }))).toEqual(['desk.jpg']);
    // Another user cannot touch it.
    expect((await t.as(otherCookie, { method: 'PATCH', url: IMAGE_PATHS.one.path({ id: desk!.id }), payload: { tags: ['x'] } })).statusCode).toBe(404);
    const tooLong = await t.as(cookie, { method: 'PATCH', url: IMAGE_PATHS.one.path({ id: desk!.id }), payload: { tags: ['x'.repeat(51)] } });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('usage, statistics and deleting', () => {
  let images: ImageDto[];
  const uploadOne = async (name: string) => {
    const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, ...multipartBody({ name, type: 'image/png', data: await photo(40, 30, 'png') }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ image: ImageDto }>().image;
  };
  const page = (title: string, slug: string, content: string) => t.db.insert(landingPages).values({ title, slug, content }).returning();
  const fileOf = (image: ImageDto) => path.join(dataDir, 'uploads', 'images', image.url.split('/').pop()!);

  beforeAll(async () => {
    images = [];
    for (const name of ['used-twice.png', 'used-once.png', 'unused.png', 'used-thrice.png']) images.push(await uploadOne(name));
    const [twice, once, , thrice] = images as [ImageDto, ImageDto, ImageDto, ImageDto];
    const block = (url: string) => JSON.stringify([{ id: 'hero-1', type: 'hero', props: { backgroundImage: url }, components: [] }], null, 2);
    await page('Spring Sale', 'spring-sale', block(twice.url));
    // An absolute URL, a srcset width and the same image twice on one page: one page, counted once.
    await page('Webinar', 'webinar', `<img src="https://crm.example.com${twice.url}?w=480"><img src="${twice.url}"><img src="${thrice.url}">`);
    await page('About', 'about', block(once.url) + block(thrice.url));
    await page('Contact', 'contact-us', block(thrice.url));
    // A page that names no image of ours, and one that names a file that does not exist.
    await page('Plain', 'plain', '<p>No images here</p>');
    await page('Stale', 'stale', `<img src="/api/public/images/${'f'.repeat(32)}.jpg">`);
  });

  it('counts the saved pages that use each image, from their content', async () => {
    const byName = Object.fromEntries((await list({ search: 'used', page_size: 50 })).images.map((i) => [i.name, i.usage_count]));
    expect(byName).toEqual({ 'used-twice.png': 2, 'used-once.png': 1, 'unused.png': 0, 'used-thrice.png': 3 });
  });

  it('follows the pages: a page that stops using an image no longer counts', async () => {
    await t.db.update(landingPages).set({ content: '<p>changed</p>' }).where(eq(landingPages.slug, 'contact-us'));
    const thrice = (await list({ search: 'used-thrice' })).images[0]!;
    expect(thrice.usage_count).toBe(2);
    await t.db.update(landingPages).set({ content: `<img src="${thrice.url}">` }).where(eq(landingPages.slug, 'contact-us'));
  });

  it('lists the top 5 most used, most used first, leaving out unused ones', async () => {
    const res = await t.as(cookie, { method: 'GET', url: IMAGE_PATHS.top });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ images: ImageDto[] }>().images.map((i) => [i.name, i.usage_count])).toEqual([
      ['used-thrice.png', 3],
      ['used-twice.png', 2],
      ['used-once.png', 1],
    ]);
    expect((await t.as(otherCookie, { method: 'GET', url: IMAGE_PATHS.top })).json()).toEqual({ images: [] });
  });

  it('names the pages using an image', async () => {
    const [twice, , unused] = images as [ImageDto, ImageDto, ImageDto];
    const res = await t.as(cookie, { method: 'GET', url: `${IMAGE_PATHS.usage}?ids=${twice.id},${unused.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      images: [{ id: twice.id, pages: [expect.objectContaining({ title: 'Spring Sale', slug: 'spring-sale' }), expect.objectContaining({ title: 'Webinar', slug: 'webinar' })] }],
    });
  });

  it('does not delete an image in use without confirmation, then deletes the file and the record', async () => {
    const once = images[1]!;
    await t.app.inject({ method: 'GET', url: `${once.url}?w=480`, headers: { accept: 'image/webp' } });
    const refused = await t.as(cookie, { method: 'DELETE', url: IMAGE_PATHS.one.path({ id: once.id }) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('image_in_use');
    expect(fs.existsSync(fileOf(once))).toBe(true);

    const confirmed = await t.as(cookie, { method: 'DELETE', url: `${IMAGE_PATHS.one.path({ id: once.id })}?force=true` });
    expect(confirmed.statusCode).toBe(204);
    expect(fs.existsSync(fileOf(once))).toBe(false);
    // Its variants go with it.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'images', 'variants')).filter((f) => f.startsWith(once.url.split('/').pop()!.slice(0, 32)))).toEqual([]);
    expect(await t.db.select().from(uploadedImages).where(eq(uploadedImages.id, once.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: once.url })).statusCode).toBe(404);
    expect((await t.as(cookie, { method: 'DELETE', url: IMAGE_PATHS.one.path({ id: once.id }) })).statusCode).toBe(404);
  });

  it("deletes several at once, keeping those in use unless confirmed, and never another user's", async () => {
    const [twice, , unused, thrice] = images as [ImageDto, ImageDto, ImageDto, ImageDto];
    const others = await t.as(otherCookie, { method: 'POST', url: IMAGE_PATHS.deleteMany, payload: { ids: [unused.id], force: true } });
    expect(others.json<DeleteManyResult>()).toEqual({ deleted: [], in_use: [], failed: [] });
    expect(fs.existsSync(fileOf(unused))).toBe(true);

    const first = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.deleteMany, payload: { ids: [twice.id, unused.id, thrice.id] } });
    expect(first.statusCode).toBe(200);
    const result = first.json<DeleteManyResult>();
    expect(result.deleted).toEqual([unused.id]);
    expect(result.in_use.sort()).toEqual([twice.id, thrice.id].sort());
    expect(fs.existsSync(fileOf(unused))).toBe(false);

    const forced = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.deleteMany, payload: { ids: [twice.id, thrice.id], force: true } });
    expect(forced.json<DeleteManyResult>().deleted.sort()).toEqual([twice.id, thrice.id].sort());
    expect((await list({ search: 'used' })).images).toEqual([]);
  });
});

describe('the connection test', () => {
  it('reports the database and storage as working', async () => {
    const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.connectionTest });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: IMAGE_MESSAGES.bothSucceeded });
    // The probe file is gone again.
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'health')) ? fs.readdirSync(path.join(dataDir, 'uploads', 'health')) : []).toEqual([]);
  });
});
