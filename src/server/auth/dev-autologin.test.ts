import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DEV_USER_EMAIL } from './guard.ts';
import { AUTH_PATHS } from '../../shared/auth/api.ts';

describe('development auto-login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MYCRM_DEV_AUTOLOGIN: '1' });
  });
  afterAll(() => t.close());

  it('signs a visitor without a session in as the development user, with a real session', async () => {
    const first = await t.app.inject({ method: 'GET', url: AUTH_PATHS.session });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(DEV_USER_EMAIL);
    const cookie = first.cookies.find((c) => c.name === 'mycrm_session');
    expect(cookie?.httpOnly).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: AUTH_PATHS.session, headers: { cookie: `mycrm_session=${cookie!.value}` } });
    expect(again.json().user.id).toBe(first.json().user.id);
  });

  it('is off unless the flag is set', async () => {
    const plain = await createTestApp();
    const res = await plain.app.inject({ method: 'GET', url: AUTH_PATHS.session });
    expect(res.statusCode).toBe(401);
    await plain.close();
  });

  it('is refused when NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MYCRM_DEV_AUTOLOGIN: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', MYCRM_DEV_AUTOLOGIN: '1' })).toThrow(/refused when NODE_ENV=production/);
  });
});
