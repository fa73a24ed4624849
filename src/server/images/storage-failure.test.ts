import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../tests/helpers/s3-server.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import { IMAGE_PATHS, type ImageDto } from '../../shared/images/api.ts';
import { IMAGE_MESSAGES } from '../../shared/images/messages.ts';
import { uploadedImages } from '../db/schema.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { testConnection } from './service.ts';
import { multipartBody, photo } from './test-images.ts';

/**
 * The app on S3-compatible storage (a local s3rver), working and failing: files go to the bucket and
 * are served from it; a storage failure keeps the database clean on upload and keeps the record on
 * delete; the connection test names what failed.
 */

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server(['mycrm-images']);
});
afterAll(() => s3?.close());

const uploadVia = async (t: TestApp, cookie: string) =>
  t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, ...multipartBody({ name: 'pic.jpg', type: 'image/jpeg', data: await photo(200, 150) }) });
const errorMessage = (res: { json: () => unknown }) => (res.json() as { error: { message: string } }).error.message;

describe('on a bucket that does not exist', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(s3.env('no-such-bucket'));
    cookie = await t.signIn();
  });
  afterAll(() => t?.close());

  it('refuses the upload with the storage failure message and saves no record', async () => {
    const res = await uploadVia(t, cookie);
    expect(res.statusCode).toBe(502);
    expect(errorMessage(res)).toBe('Failed to upload image to storage: NoSuchBucket');
    expect(await t.db.select().from(uploadedImages)).toEqual([]);
  });

  it('the connection test says storage failed', async () => {
    const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.connectionTest });
    expect(res.json()).toEqual({ ok: false, message: IMAGE_MESSAGES.storageFailed });
  });
});

describe('on a working bucket that then goes away', () => {
  let t: TestApp;
  let cookie: string;
  let image: ImageDto;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env('mycrm-images'), S3_PREFIX: 'tenant-1/' });
    cookie = await t.signIn();
  });
  afterAll(() => t?.close());

  it('uploads to the bucket and serves the file and its variants from there', async () => {
    const res = await uploadVia(t, cookie);
    expect(res.statusCode, res.body).toBe(201);
    image = res.json<{ image: ImageDto }>().image;
    const [row] = await t.db.select().from(uploadedImages);
    const bucket = (prefix: string) => createS3Storage({ kind: 's3', bucket: 'mycrm-images', region: 'us-east-1', endpoint: s3.endpoint, credentials: s3.credentials, forcePathStyle: true, prefix });
    expect(await bucket('tenant-1/').exists(row!.storage_key)).toBe(true);
    expect(await bucket('').exists(row!.storage_key)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(image.size);
    const small = await t.app.inject({ method: 'GET', url: `${image.url}?w=480`, headers: { accept: 'image/webp' } });
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.connectionTest })).json()).toEqual({ ok: true, message: IMAGE_MESSAGES.bothSucceeded });
  });

  it('keeps the record when the file cannot be deleted, and says so', async () => {
    await s3.stop();
    const res = await t.as(cookie, { method: 'DELETE', url: `${IMAGE_PATHS.one.path({ id: image.id })}?force=true` });
    expect(res.statusCode).toBe(502);
    expect(errorMessage(res)).toBe(IMAGE_MESSAGES.deleteFailed);
    expect((await t.db.select().from(uploadedImages)).map((r) => r.id)).toEqual([image.id]);
    expect((await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.connectionTest })).json()).toEqual({ ok: false, message: IMAGE_MESSAGES.storageFailed });
  });
});

describe('the connection test on a database that is down', () => {
  it('says the database failed', async () => {
    const database = await openTestDatabase();
    await database.close();
    const storage = createLocalStorage('.test-artifacts/connection-test');
    const log = { error: () => {} } as unknown as Parameters<typeof testConnection>[0]['log'];
    expect(await testConnection({ db: database.db, storage, log }, '00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      message: IMAGE_MESSAGES.databaseFailed,
    });
  });
});
