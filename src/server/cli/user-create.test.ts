import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/auth/api.ts';
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

  it('refuses a short or common password and explains the usage', { timeout: 30_000 }, async () => {
    await expect(cli('--email', 'a@example.com', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 12 characters'),
    });
    await expect(cli('--email', 'a@example.com', '--password', 'PasswordPassword')).rejects.toMatchObject({
      stderr: expect.stringContaining(AUTH_MESSAGES.passwordTooCommon),
    });
    await expect(cli('--email', 'not-an-email', '--password', 'a long passphrase')).rejects.toMatchObject({
      stderr: expect.stringContaining(AUTH_MESSAGES.emailInvalid),
    });
    await expect(cli('--email', 'a@example.com')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage:') });
  });

  it('while a server has the embedded database open, says how to do it from the running app', { timeout: 30_000 }, async () => {
    // The lock file a running server holds: this test process stands in for the server.
    fs.writeFileSync(path.join(dataDir, 'db', 'mycrm.lock'), String(process.pid));
    try {
      const failure = await cli('--email', 'owner@example.com', '--password', 'third long passphrase').catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 3 });
      const { stderr } = failure as { stderr: string };
      expect(stderr).toContain(`in use by another mycrm process (pid ${process.pid})`);
      expect(stderr).toMatch(/https?:\/\/\S+\/crm\/settings/);
      expect(stderr).toContain('Settings -> Change password');
      expect(stderr).toContain('Settings -> Invite a user');
      expect(stderr).toContain('stop the server and run this command again');
    } finally {
      fs.rmSync(path.join(dataDir, 'db', 'mycrm.lock'), { force: true });
    }
    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    const user = await findUserByEmail(database.db, 'owner@example.com');
    expect(await verifyPassword(user!.password_hash, 'second long passphrase')).toBe(true);
    await database.close();
  });
});
