import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { BACKUP_LOCAL_TOKEN_HEADER, BACKUP_PATHS, backupListResponseSchema } from '../../shared/backup/api.ts';
import { MAGIC } from './archive-header.ts';
import { localBackupToken } from './routes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-backup-routes-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const secret = randomBytes(32);

describe('backup routes', () => {
  const app = signedInApp({ DATA_DIR: dataDir, MYCRM_SECRET_KEY: secret.toString('base64'), BACKUP_KEEP: '2', BACKUP_HOUR: 'off' });
  const list = async () => backupListResponseSchema.parse((await app.api('GET', BACKUP_PATHS.list)).json());

  it('makes a backup on demand, lists it with size and time, and downloads it as an attachment that is not cached', async () => {
    expect((await list()).backups).toEqual([]);
    const made = await app.api('POST', BACKUP_PATHS.list);
    expect(made.statusCode).toBe(201);
    const { backup } = made.json() as { backup: { name: string; size: number; created_at: string } };
    const listed = await list();
    expect(listed).toMatchObject({ keep: 2, nightly_hour_utc: null, key: 'instance-secret', images: 'included' });
    expect(listed.backups).toEqual([backup]);
    expect(backup.size).toBe(fs.statSync(path.join(dataDir, 'backups', backup.name)).size);
    expect(Math.abs(Date.parse(backup.created_at) - Date.now())).toBeLessThan(60_000);

    const download = await app.api('GET', BACKUP_PATHS.one.path({ name: backup.name }));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.rawPayload.equals(fs.readFileSync(path.join(dataDir, 'backups', backup.name)))).toBe(true);
    expect(download.rawPayload.subarray(0, MAGIC.length).equals(MAGIC)).toBe(true);
  });

  it('keeps the newest BACKUP_KEEP backups, deleting older ones after a new one is complete', async () => {
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push(((await app.api('POST', BACKUP_PATHS.list)).json() as { backup: { name: string } }).backup.name);
    const kept = (await list()).backups.map((b) => b.name);
    expect(kept).toEqual([names[2], names[1]]);
    expect(fs.readdirSync(path.join(dataDir, 'backups')).sort()).toEqual([...kept].sort());
  });

  it('downloads only backups by their own names: paths, encodings and other files are refused', async () => {
    fs.writeFileSync(path.join(dataDir, 'not-a-backup.txt'), 'secret');
    const hostile = [
      '/api/backups/..%2F..%2Fsecret.key',
      '/api/backups/..%2Fnot-a-backup.txt',
      '/api/backups/%2e%2e%2fsecret.key',
      '/api/backups/..%252Fsecret.key',
      '/api/backups/..%5C..%5Csecret.key',
      '/api/backups/secret.key',
      '/api/backups/..',
      '/api/backups/mycrm-backup-2026-01-01T00-00-00-000Z.mycrm-backup%00.txt',
      '/api/backups/%2Fetc%2Fpasswd',
    ];
    for (const url of hostile) {
      const res = await app.api('GET', url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json(), url).toHaveProperty('error.message');
    }
    const missing = await app.api('GET', BACKUP_PATHS.one.path({ name: 'mycrm-backup-2020-01-01T00-00-00-000Z.mycrm-backup' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'There is no backup by that name.' } });
  });

  it('needs a session for the list, a backup and a download', async () => {
    for (const [method, url] of [
      ['GET', BACKUP_PATHS.list],
      ['POST', BACKUP_PATHS.list],
      ['GET', BACKUP_PATHS.one.path({ name: (await list()).backups[0]!.name })],
    ] as const) {
      const res = await app.t.app.inject({ method, url, headers: { origin: 'http://localhost' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers the local route only with the token from the instance secret, and only from this machine', async () => {
    const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.t.app.inject({ method: 'POST', url: BACKUP_PATHS.local, headers, remoteAddress });
    const token = localBackupToken(secret);
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ [BACKUP_LOCAL_TOKEN_HEADER]: localBackupToken(randomBytes(32)) })).statusCode).toBe(403);
    expect((await post({ [BACKUP_LOCAL_TOKEN_HEADER]: token }, '203.0.113.9')).statusCode).toBe(403);
    const res = await post({ [BACKUP_LOCAL_TOKEN_HEADER]: token });
    expect(res.statusCode).toBe(201);
    expect((await list()).backups[0]!.name).toBe((res.json() as { backup: { name: string } }).backup.name);
  });
});
