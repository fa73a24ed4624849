import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { findUserByEmail } from '../auth/users.ts';
import { openPglite } from '../db/client.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-cli-'));
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run user:create', () => {
  it('creates a user, then resets the password of the same user', { timeout: 60_000 }, async () => {
    const created = await cli('--email', 'Owner@Example.com', '--password', 'first long passphrase');
    expect(created.stdout).toContain('Created user owner@example.com');
    const reset = await cli('--email', 'owner@example.com', '--password', 'second long passphrase');
    expect(reset.stdout).toContain('Password reset for owner@example.com');

    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    const user = await findUserByEmail(database.db, 'owner@example.com');
    expect(await verifyPassword(user!.password_hash, 'second long passphrase')).toBe(true);
    expect(await verifyPassword(user!.password_hash, 'first long passphrase')).toBe(false);
    await database.close();
  });

  it('refuses a short password and explains the usage', { timeout: 30_000 }, async () => {
    await expect(cli('--email', 'a@example.com', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 12 characters'),
    });
    await expect(cli('--email', 'a@example.com')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage:') });
  });
});
