import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { IMAGE_PATHS, type ImageDto } from '../../shared/images/api.ts';
import { MAX_DIMENSION } from '../../shared/images/constants.ts';
import { IMAGE_MESSAGES } from '../../shared/images/messages.ts';
import { IMAGE_FILE_PREFIX } from '../../shared/images/urls.ts';
import { landingPages, uploadedImages } from '../db/schema.ts';
import { animatedGif, bombPng, EMPTY_ZIP, multipartBody, noisePng, photo, withJpegComment } from './test-images.ts';

let t: TestApp;
let cookie: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-images-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type UploadFile = { name: string; type: string; data: Buffer };
const upload = (file: UploadFile, fields?: Record<string, string>, as = cookie) =>
  t.as(as, { method: 'POST', url: IMAGE_PATHS.list, ...multipartBody(file, fields) });
const uploaded = async (file: UploadFile, fields?: Record<string, string>) => {
  const res = await upload(file, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ image: ImageDto }>().image;
};
/** Files in storage (the stored images, variants aside). */
const storedFiles = () => {
  const dir = path.join(dataDir, 'uploads', 'images');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name) : [];
};
const records = () => t.db.select().from(uploadedImages);
/** The public file, as a visitor's browser asks for it: no cookie. */
const fetchFile = (url: string, accept?: string) => t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { code: string; message: string } }).error;

describe('uploading an image', () => {
  it("needs a signed-in user, and says so in the upload's own words", async () => {
    const res = await t.app.inject({ method: 'POST', url: IMAGE_PATHS.list, ...multipartBody({ name: 'a.jpg', type: 'image/jpeg', data: await photo(40, 30) }) });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'unauthenticated', message: 'User not authenticated. Please log in and try again.' });
    expect(await records()).toHaveLength(0);
  });

  it('stores a re-encoded copy under a random name, with its metadata, and serves it to anyone for a year', async () => {
    const original = await photo(640, 480, 'jpeg', 92);
    const image = await uploaded({ name: 'Team Photo.jpg', type: 'image/jpeg', data: original });
    expect(image).toMatchObject({ name: 'Team Photo.jpg', width: 640, height: 480, mime_type: 'image/jpeg', tags: [], usage_count: 0, landing_page_id: null });
    expect(image.url).toMatch(new RegExp(`^${IMAGE_FILE_PREFIX}[0-9a-f]{32}\\.jpg$`));

    const [row] = await records();
    expect(row).toMatchObject({ id: image.id, storage_key: `images/${image.url.split('/').pop()}`, user_id: expect.any(String) });
    expect(storedFiles()).toEqual([image.url.split('/').pop()]);

    const served = await fetchFile(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.vary).toBe('Accept');
    // Other sites may show a public image too.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.length).toBe(image.size);
    const head = await t.app.inject({ method: 'HEAD', url: image.url });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, String(image.size), 0]);
    // Never the uploaded bytes.
    expect(served.rawPayload.equals(original)).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('resizes an image over 1MB to 1920 px on its longest side', async () => {
    const big = await photo(2400, 1600, 'jpeg', 97);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const image = await uploaded({ name: 'big.jpg', type: 'image/jpeg', data: big });
    expect(image).toMatchObject({ width: MAX_DIMENSION, height: 1280 });
    expect(image.size).toBeLessThan(big.length);
  });

  it('goes by the content, not the declared type: a PNG sent as "image/gif" named .gif is stored as the PNG it is', async () => {
    const image = await uploaded({ name: 'logo.gif', type: 'image/gif', data: await photo(120, 80, 'png') });
    expect(image.mime_type).toBe('image/png');
    expect(image.url).toMatch(/\.png$/);
    expect((await fetchFile(image.url)).headers['content-type']).toBe('image/png');
  });

  it('accepts GIF and WebP, and keeps an animation moving', async () => {
    const gif = await uploaded({ name: 'spinner.gif', type: 'image/gif', data: await animatedGif(48, 48, 3) });
    expect(gif).toMatchObject({ mime_type: 'image/gif', width: 48, height: 48 });
    expect((await sharp((await fetchFile(gif.url)).rawPayload).metadata()).pages).toBe(3);
    expect(await uploaded({ name: 'pic.webp', type: 'image/webp', data: await photo(90, 60, 'webp') })).toMatchObject({ mime_type: 'image/webp', width: 90 });
  });

  it('refuses other types renamed to .jpg, whatever they declare, and stores nothing', async () => {
    const before = { files: storedFiles().length, rows: (await records()).length };
    const impostors = {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      html: '<!doctype html><html><body><script>fetch("/api/contacts")</script></body></html>',
      pdf: '%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF',
      text: 'just some text',
      tiff: Buffer.from(await sharp(await photo(20, 20)).tiff().toBuffer()).toString('latin1'),
    };
    for (const [kind, content] of Object.entries(impostors)) {
      const res = await upload({ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from(content, 'latin1') });
      expect(res.statusCode, kind).toBe(415);
      expect(errorOf(res).message, kind).toBe(IMAGE_MESSAGES.invalidType);
    }
    expect({ files: storedFiles().length, rows: (await records()).length }).toEqual(before);
  });

  it('refuses a file over 5MB with the specified message', async () => {
    const huge = await noisePng(1500, 1200);
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await upload({ name: 'huge.png', type: 'image/png', data: huge });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toBe(IMAGE_MESSAGES.tooLarge);
  });

  it('refuses a file cut short', async () => {
    const jpeg = await photo(300, 200);
    for (const file of [jpeg.subarray(0, jpeg.length - 200), (await photo(300, 200, 'png')).subarray(0, 3000)]) {
      const res = await upload({ name: 'cut.jpg', type: 'image/jpeg', data: Buffer.from(file) });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).message).toBe(IMAGE_MESSAGES.loadForOptimizationFailed);
    }
  });

  it('refuses a decompression bomb before decoding it: 144 megapixels in a few hundred kilobytes', async () => {
    const bomb = await bombPng(12_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload({ name: 'bomb.png', type: 'image/png', data: bomb });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it('refuses polyglots: an image that is also a page (script in a JPEG comment) or an archive (GIF + ZIP)', async () => {
    const scripted = withJpegComment(await photo(64, 48), '*/=1;<script src=//evil.example/x.js></script>');
    const gifar = Buffer.concat([await photo(16, 16, 'gif'), EMPTY_ZIP]);
    for (const data of [scripted, gifar]) {
      const res = await upload({ name: 'innocent.jpg', type: 'image/jpeg', data });
      expect(res.statusCode).toBe(415);
      expect(errorOf(res).message).toBe(IMAGE_MESSAGES.invalidType);
    }
  });

  it('asks for a file when the request has none', async () => {
    const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(IMAGE_MESSAGES.noFile);
  });

  it('refuses an upload for a landing page that does not exist before storing anything', async () => {
    const before = { files: storedFiles(), rows: (await records()).length };
    const res = await upload({ name: 'orphan.jpg', type: 'image/jpeg', data: await photo(50, 50) }, { landing_page_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Failed to save image record: the landing page does not exist');
    expect(storedFiles()).toEqual(before.files);
    expect(await records()).toHaveLength(before.rows);
  });

  it('removes the stored file when the record cannot be saved', async () => {
    const before = { files: storedFiles(), rows: (await records()).length };
    // Any refusal after the file is stored: here a trigger, standing in for a database failure.
    await t.db.execute(sql`create function refuse_image() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await t.db.execute(sql`create trigger refuse_image before insert on uploaded_images for each row execute function refuse_image()`);
    try {
      const res = await upload({ name: 'orphan.jpg', type: 'image/jpeg', data: await photo(50, 50) });
      expect(res.statusCode).toBe(500);
      expect(errorOf(res).message).toBe('Failed to save image record: the database did not accept it');
      expect(storedFiles()).toEqual(before.files);
      expect(await records()).toHaveLength(before.rows);
    } finally {
      await t.db.execute(sql`drop trigger refuse_image on uploaded_images`);
      await t.db.execute(sql`drop function refuse_image()`);
    }
  });

  it('records the landing page an image was uploaded for', async () => {
    const [page] = await t.db.insert(landingPages).values({ title: 'Upload target', slug: 'upload-target', content: '[]' }).returning();
    const image = await uploaded({ name: 'for-page.png', type: 'image/png', data: await photo(30, 30, 'png') }, { landing_page_id: page!.id });
    expect(image.landing_page_id).toBe(page!.id);
  });
});

describe('serving sizes and formats', () => {
  let image: ImageDto;
  beforeAll(async () => {
    image = await uploaded({ name: 'hero.jpg', type: 'image/jpeg', data: await photo(1200, 800) });
  });

  it('makes a srcset width in WebP or AVIF when the browser takes it, and says it varies by Accept', async () => {
    const webp = await fetchFile(`${image.url}?w=480`, 'image/webp,image/*,*/*;q=0.8');
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });

    const avif = await fetchFile(`${image.url}?w=960`, 'image/avif,image/webp,*/*');
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 960 });

    const plain = await fetchFile(`${image.url}?w=480`, '*/*');
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(480);
  });

  it('keeps a variant once made, and serves the same bytes again', async () => {
    const first = await fetchFile(`${image.url}?w=480`, 'image/webp');
    const again = await fetchFile(`${image.url}?w=480`, 'image/webp');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'images', 'variants')).some((f) => f.endsWith('-480.webp'))).toBe(true);
  });

  it('never enlarges: a width beyond the image gets the image itself', async () => {
    const res = await fetchFile(`${image.url}?w=1920`);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
    expect(res.rawPayload.length).toBe(image.size);
  });

  it('refuses widths outside the srcset list and names that are not ours', async () => {
    expect((await fetchFile(`${image.url}?w=4000`)).statusCode).toBe(400);
    expect((await fetchFile(`${IMAGE_FILE_PREFIX}${'0'.repeat(32)}.jpg`)).statusCode).toBe(404);
    expect((await fetchFile(`${IMAGE_FILE_PREFIX}..%2f..%2fsecret.key`)).statusCode).toBe(404);
    expect((await fetchFile(`${IMAGE_FILE_PREFIX}Team%20Photo.jpg`)).statusCode).toBe(404);
  });
});
