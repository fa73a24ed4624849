import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedOrigin } from '../../src/server/auth/origin.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The CSRF check compares the Origin of a write with our own address by scheme, host and port,
 * as Fastify reads them from real requests: the Host header, the connection's scheme, and a
 * trusted proxy's X-Forwarded-Proto/-Host (only when TRUST_PROXY names that proxy).
 */
async function probe(env: Record<string, string>, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  const config = loadConfig({ NODE_ENV: 'production', ...env });
  const app = Fastify({ trustProxy: config.trustProxy });
  app.post('/probe', async (request) => ({ allowed: isAllowedOrigin(request, config.publicUrl) }));
  try {
    const res = await app.inject({ method: 'POST', url: '/probe', headers, remoteAddress });
    return res.json().allowed as boolean;
  } finally {
    await app.close();
  }
}

describe('a write straight to the server', () => {
  it('is allowed from its own scheme, host and port only', async () => {
    expect(await probe({}, { host: 'crm.example:3000', origin: 'http://crm.example:3000' })).toBe(true);
    expect(await probe({}, { host: 'crm.example:3000', origin: 'https://crm.example:3000' })).toBe(false);
    expect(await probe({}, { host: 'crm.example:3000', origin: 'http://crm.example:3001' })).toBe(false);
    expect(await probe({}, { host: 'crm.example:3000', origin: 'http://crm.example' })).toBe(false);
    expect(await probe({}, { host: 'crm.example:3000', origin: 'http://evil.example:3000' })).toBe(false);
  });
});

describe('behind a proxy that terminates HTTPS', () => {
  const forwarded = { host: '10.0.0.5:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'crm.example' };

  it('takes the scheme and host the trusted proxy reports', async () => {
    expect(await probe({ TRUST_PROXY: '127.0.0.1' }, { ...forwarded, origin: 'https://crm.example' })).toBe(true);
    expect(await probe({ TRUST_PROXY: '127.0.0.1' }, { ...forwarded, origin: 'http://crm.example' })).toBe(false);
    expect(await probe({ TRUST_PROXY: '127.0.0.1' }, { ...forwarded, origin: 'https://crm.example:8443' })).toBe(false);
  });

  it('ignores forwarded headers from an untrusted sender', async () => {
    expect(await probe({ TRUST_PROXY: '127.0.0.1' }, { ...forwarded, origin: 'https://crm.example' }, '198.51.100.9')).toBe(false);
    expect(await probe({}, { ...forwarded, origin: 'https://crm.example' })).toBe(false);
  });

  it('accepts exactly PUBLIC_URL without trusting the proxy', async () => {
    expect(await probe({ PUBLIC_URL: 'https://crm.example' }, { ...forwarded, origin: 'https://crm.example' })).toBe(true);
    expect(await probe({ PUBLIC_URL: 'https://crm.example' }, { ...forwarded, origin: 'http://crm.example' })).toBe(false);
  });
});

describe('the guard applies it to every write', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp();
    cookie = await app.signIn();
  });
  afterAll(() => app.close());

  it('refuses a signed-in write from another scheme or port of the same host, and accepts our own origin', async () => {
    for (const origin of ['https://localhost', 'http://localhost:8080', 'null']) {
      const res = await app.as(cookie, { method: 'POST', url: '/api/tags', payload: { name: `x-${origin.length}` }, headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
    }
    const own = await app.as(cookie, { method: 'POST', url: '/api/tags', payload: { name: 'own-origin' } });
    expect(own.statusCode).toBe(201);
  });
});
