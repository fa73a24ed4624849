import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBackupData } from '../backup/test-helpers.ts';
import { writeBackup } from '../backup/write-backup.ts';
import { openPglite } from '../db/client.ts';

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-restore-cli-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const archive = path.join(work, 'backup.mycrm-backup');
const PASSPHRASE = 'tulip lantern orbit harbour';

/** `npm run restore -- FILE` as a self-hoster runs it, with these variables. */
async function restore(env: Record<string, string>, ...args: string[]) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|MYCRM_SECRET_KEY|BACKUP_|DATA_DIR|S3_)/.test(key)));
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/server/cli/restore.ts', ...args], { env: { ...clean, ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run restore', () => {
  beforeAll(async () => {
    const source = await openPglite();
    try {
      await seedBackupData(source.db, { contacts: 300, images: 3, uploadsDir: path.join(work, 'uploads') });
      await writeBackup(
        { database: source, key: { kind: 'passphrase', passphrase: PASSPHRASE }, instanceSecret: randomBytes(32), images: { kind: 'local', dir: path.join(work, 'uploads') } },
        archive,
      );
    } finally {
      await source.close();
    }
  }, 120_000);

  it('refuses a wrong passphrase clearly and creates nothing', async () => {
    const dataDir = path.join(work, 'wrong');
    const result = await restore({ DATA_DIR: dataDir, BACKUP_PASSPHRASE: 'not the passphrase at all' }, archive);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Wrong passphrase: this backup cannot be decrypted with it. Nothing was restored.');
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  }, 120_000);

  it('restores into an empty DATA_DIR, printing progress and a summary of rows per table and images', async () => {
    const dataDir = path.join(work, 'restored');
    const passphraseFile = path.join(work, 'passphrase.txt');
    fs.writeFileSync(passphraseFile, `${PASSPHRASE}\n`);
    const result = await restore({ DATA_DIR: dataDir }, archive, '--passphrase-file', passphraseFile);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('intact: ');
    expect(result.stdout).toMatch(/contacts\s+300 rows/);
    expect(result.stdout).toMatch(/images\s+3 files/);
    expect(result.stdout).toMatch(/Restored in [\d.]+ s: [\d,]+ rows, 3 images/);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'images'))).toHaveLength(3);
    expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(true);

    const again = await restore({ DATA_DIR: dataDir, BACKUP_PASSPHRASE: PASSPHRASE }, archive);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is not empty/);
  }, 120_000);
});
