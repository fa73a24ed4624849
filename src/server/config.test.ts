import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('reads the database pool size and the Kit settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      databasePoolSize: 10,
      kit: { apiBase: 'https://api.kit.com/v4', rateLimit: 120, rateWindowMs: 60_000, secretKey: undefined },
    });
    expect(
      loadConfig({ DATABASE_POOL_SIZE: '25', KIT_API_BASE: 'http://127.0.0.1:4010/v4/', KIT_RATE_LIMIT: '60', KIT_RATE_WINDOW_MS: '' }),
    ).toMatchObject({ databasePoolSize: 25, kit: { apiBase: 'http://127.0.0.1:4010/v4', rateLimit: 60, rateWindowMs: 60_000 } });
  });

  it('refuses a pool size that is not a positive whole number', () => {
    for (const value of ['0', '-3', '2.5', 'ten']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'ten' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses a malformed Kit secret or address at start', () => {
    expect(() => loadConfig({ MYCRM_SECRET_KEY: 'too short' })).toThrow(
      new ConfigError('MYCRM_SECRET_KEY must be 32 bytes, as base64 or hex (generate one with: openssl rand -base64 32).'),
    );
    expect(() => loadConfig({ KIT_API_BASE: 'not a url' })).toThrow(/KIT_API_BASE/);
  });
});
