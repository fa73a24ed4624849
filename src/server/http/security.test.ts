import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONSENT_BOOT_SCRIPT } from '../../shared/site/consent.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import { HEALTH_PATH } from '../../shared/api.ts';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the content security policy', () => {
  it('allows our own scripts and exactly one inline script, the consent script, by its hash', async () => {
    const res = await app.inject({ method: 'GET', url: HEALTH_PATH });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    const hash = createHash('sha256').update(CONSENT_BOOT_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('the consent script', () => {
  it('marks the choice as pending unless one is stored, also when storage is blocked', () => {
    const run = (storage: { getItem(key: string): string | null }) => {
      const attributes: Record<string, string> = {};
      const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
      new Function('localStorage', 'document', CONSENT_BOOT_SCRIPT)(storage, document);
      return attributes;
    };
    expect(run({ getItem: () => null })).toEqual({ 'data-consent': 'pending' });
    expect(run({ getItem: () => 'something else' })).toEqual({ 'data-consent': 'pending' });
    expect(run({ getItem: () => 'accepted' })).toEqual({});
    expect(run({ getItem: () => 'declined' })).toEqual({});
    expect(
      run({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toEqual({ 'data-consent': 'pending' });
  });
});
