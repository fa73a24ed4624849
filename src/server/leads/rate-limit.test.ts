import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import { buildApp } from '../app.ts';
import { LEAD_PATHS } from '../../shared/leads/paths.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

const LIMIT = 5;
let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  direct = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  behindProxy = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await direct.close();
  await behindProxy.close();
});

const signUp = (app: TestApp, n: number, options: { remoteAddress?: string; forwardedFor?: string } = {}) =>
  app.app.inject({
    method: 'POST',
    url: LEAD_PATHS.signup.path({ campaign: n % 2 ? 'webinar' : 'waiting-list' }),
    payload: { full_name: `Flood ${n}`, email: `flood${n}@example.com`, ...signupConsent() },
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });

/** Requests one after another, as one visitor's would arrive. */
async function burst(count: number, send: (n: number) => ReturnType<typeof signUp>) {
  const responses = [];
  for (let n = 0; n < count; n++) responses.push(await send(n));
  return responses;
}

describe('the per-IP limit on public sign-ups', () => {
  it('stops a flood from one address with a clear message, across both forms, and lets other addresses in', async () => {
    const flood = await burst(40, (n) => signUp(direct, n, { remoteAddress: '203.0.113.7' }));
    const statuses = flood.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LIMIT);
    const refused = flood.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toEqual({ code: 'rate_limited', message: LEAD_MESSAGES.en.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await signUp(direct, 100, { remoteAddress: '198.51.100.1' })).statusCode).toBe(201);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const results = await burst(LIMIT + 1, (n) => signUp(direct, 200 + n, { remoteAddress: '192.0.2.50', forwardedFor: `10.9.0.${n}` }));
    expect(results.at(-1)!.statusCode).toBe(429);
  });

  it('counts the client address a trusted proxy reports', async () => {
    const sameClient = await burst(LIMIT + 1, (n) => signUp(behindProxy, 300 + n, { forwardedFor: '198.51.100.23' }));
    expect(sameClient.map((r) => r.statusCode).filter((s) => s === 429)).toHaveLength(1);
    // Everyone arrives from the proxy's address, yet other clients are not blocked by that one.
    const others = await burst(LIMIT, (n) => signUp(behindProxy, 400 + n, { forwardedFor: `198.51.100.${100 + n}` }));
    expect(others.every((r) => r.statusCode === 201)).toBe(true);
  });
});

describe('the limit across instances', () => {
  it('holds when a balancer spreads one address over two instances sharing the database', async () => {
    const second = await buildApp({ config: direct.config, database: direct.database });
    try {
      const instances = [direct, { ...direct, app: second }];
      const spread = await burst(4 * LIMIT, (n) => signUp(instances[n % 2]!, 500 + n, { remoteAddress: '203.0.113.200' }));
      expect(spread.filter((r) => r.statusCode === 201)).toHaveLength(LIMIT);
      expect(spread.filter((r) => r.statusCode === 429)).toHaveLength(3 * LIMIT);
    } finally {
      await second.close();
    }
  });
});
