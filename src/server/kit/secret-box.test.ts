import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, loadSecretKey, parseSecretKey, SECRET_KEY_FILE } from './secret-box.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-secret-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('encryption at rest', () => {
  const key = randomBytes(32);

  it('stores something that is not the secret, and reads it back', () => {
    const stored = encryptSecret(key, 'kit_live_1234567890abcdef', 'kit_api_key');
    expect(stored).not.toContain('kit_live');
    expect(stored).toMatch(/^v1\./);
    expect(encryptSecret(key, 'kit_live_1234567890abcdef', 'kit_api_key')).not.toBe(stored); // a fresh nonce each time
    expect(decryptSecret(key, stored, 'kit_api_key')).toBe('kit_live_1234567890abcdef');
  });

  it('refuses another key, another setting, or a tampered value', () => {
    const stored = encryptSecret(key, 'secret', 'kit_api_key');
    expect(() => decryptSecret(randomBytes(32), stored, 'kit_api_key')).toThrow();
    expect(() => decryptSecret(key, stored, 'other_setting')).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'kit_api_key')).toThrow();
    expect(() => decryptSecret(key, 'plain text', 'kit_api_key')).toThrow();
  });
});

describe('the server secret', () => {
  it('is generated once into the data directory, readable by its owner only', () => {
    const dir = tempDir();
    const first = loadSecretKey(dir, undefined);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(dir, undefined).equals(first)).toBe(true);
  });

  it('comes from MYCRM_SECRET_KEY when set (base64 or hex), without touching the data directory', () => {
    const dir = tempDir();
    const bytes = randomBytes(32);
    expect(loadSecretKey(dir, bytes.toString('base64')).equals(bytes)).toBe(true);
    expect(loadSecretKey(dir, bytes.toString('hex')).equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
  });

  it('must be 32 bytes', () => {
    expect(() => parseSecretKey('too short')).toThrow('MYCRM_SECRET_KEY must be 32 bytes, as base64 or hex (generate one with: openssl rand -base64 32).');
  });
});
