import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../tests/helpers/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { ImageStorage } from './storage.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server(['images-test']);
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-local-storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const s3Storage = (bucket = 'images-test', prefix = 'site-a/') =>
  createS3Storage({ kind: 's3', bucket, region: 'us-east-1', endpoint: s3.endpoint, credentials: s3.credentials, forcePathStyle: true, prefix });

const implementations: Array<[string, () => ImageStorage]> = [
  ['local disk', () => createLocalStorage(localRoot)],
  ['S3-compatible', () => s3Storage()],
];

describe.each(implementations)('%s storage', (_name, open) => {
  const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) % 256));

  it('stores a file and streams back the same bytes with their length', async () => {
    const storage = open();
    await storage.put('images/a1.jpg', bytes, 'image/jpeg');
    expect(await storage.exists('images/a1.jpg')).toBe(true);
    const file = await storage.get('images/a1.jpg');
    expect(file!.size).toBe(bytes.length);
    expect((await buffer(file!.body)).equals(bytes)).toBe(true);
  });

  it('replaces a file written again under the same key', async () => {
    const storage = open();
    await storage.put('images/a2.png', Buffer.from('first'), 'image/png');
    await storage.put('images/a2.png', Buffer.from('second'), 'image/png');
    expect((await buffer((await storage.get('images/a2.png'))!.body)).toString()).toBe('second');
  });

  it('answers null and false for a file that is not there, and deleting it is no error', async () => {
    const storage = open();
    expect(await storage.get('images/missing.jpg')).toBeNull();
    expect(await storage.exists('images/missing.jpg')).toBe(false);
    await expect(storage.delete('images/missing.jpg')).resolves.toBeUndefined();
  });

  it('deletes a file', async () => {
    const storage = open();
    await storage.put('images/a3.gif', Buffer.from('gif'), 'image/gif');
    await storage.delete('images/a3.gif');
    expect(await storage.exists('images/a3.gif')).toBe(false);
    expect(await storage.get('images/a3.gif')).toBeNull();
  });

  it('refuses keys that could leave its root', async () => {
    const storage = open();
    for (const key of ['../outside.jpg', 'images/../../x', '/etc/passwd', 'images//a.jpg', 'Images/A.jpg', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/Refused storage key/);
    }
  });
});

describe('local disk storage', () => {
  it('keeps files under its root, written whole (no temporary file left behind)', async () => {
    const storage = createLocalStorage(localRoot);
    await storage.put('images/b1.webp', Buffer.from('webp'), 'image/webp');
    expect(fs.readFileSync(path.join(localRoot, 'images', 'b1.webp'), 'utf8')).toBe('webp');
    expect(fs.readdirSync(path.join(localRoot, 'images')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('S3-compatible storage', () => {
  it('puts every key under its prefix, so installations can share a bucket', async () => {
    await s3Storage('images-test', 'site-a/').put('images/c1.jpg', Buffer.from('a'), 'image/jpeg');
    expect(await s3Storage('images-test', 'site-b/').exists('images/c1.jpg')).toBe(false);
    expect(await s3Storage('images-test', 'site-a/').exists('images/c1.jpg')).toBe(true);
  });

  it('fails loudly when the bucket does not exist (a misconfiguration is not an empty store)', async () => {
    const storage = s3Storage('no-such-bucket');
    await expect(storage.put('images/d1.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.get('images/d1.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
