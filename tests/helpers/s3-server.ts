import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 with the given buckets, its files in a
 * temporary folder: what the S3 storage is tested against, offline. `env` configures the app for it.
 */
export async function startS3Server(buckets: string[] = ['mycrm-test']) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  return {
    endpoint,
    /** s3rver accepts any signature; these are its documented defaults. */
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    env: (bucket = buckets[0]!) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async close() {
      if (running) await server.close();
      running = false;
      fs.rmSync(directory, { recursive: true, force: true });
    },
    /** Stops answering (the folder stays): storage that is down. */
    async stop() {
      if (running) await server.close();
      running = false;
    },
  };
}
