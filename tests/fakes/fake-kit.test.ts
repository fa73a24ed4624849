import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customFieldKey, startFakeKit, type FakeKit } from './fake-kit.ts';

/*
 * The fake must behave like Kit (shared/KIT-V4.md) where the product depends on it; these tests
 * pin the parts the client tests do not see: the rate limit's exact answer, the fault switches,
 * the remote control used by the benchmark, and the standalone mode.
 */

const started: FakeKit[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(started.splice(0).map((kit) => kit.close()));
});
async function fake(options: Parameters<typeof startFakeKit>[0] = {}) {
  const kit = await startFakeKit(options);
  started.push(kit);
  return kit;
}
const get = (kit: FakeKit, path: string, apiKey = kit.apiKey) => fetch(kit.url + path, { headers: { 'X-Kit-Api-Key': apiKey } });

describe('fake Kit', () => {
  it('wants the key in X-Kit-Api-Key and answers errors as {"errors": [...]}', async () => {
    const kit = await fake();
    const missing = await fetch(`${kit.url}/account`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ errors: ['The API key is missing'] });
    const wrong = await get(kit, '/account', 'nope');
    expect(await wrong.json()).toEqual({ errors: ['The API key is invalid'] });
    expect((await get(kit, '/no-such-endpoint')).status).toBe(404);
    expect(kit.calls).toMatchObject({ 'GET /account': 2 });
  });

  it('answers 429 with the plain body "Retry later" and no Retry-After once a key passes its limit in the rolling window', async () => {
    // The window is read from the clock: a fake one holds still while the requests go out, and moves on when told.
    vi.useFakeTimers({ toFake: ['Date'] });
    const kit = await fake({ rateLimit: { limit: 5, windowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await get(kit, '/account')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

    const limited = await get(kit, '/account');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await limited.text()).toBe('Retry later');
    expect(kit.stats()).toMatchObject({ requests: 8, rateLimited: 3 });

    // Rejected requests count too: five refused half a window later keep the key limited after the
    // first ones have left the window. Only a quiet window clears it.
    const requestStatuses = async (count: number) => Promise.all(Array.from({ length: count }, async () => (await get(kit, '/account')).status));
    vi.advanceTimersByTime(30_000);
    expect(await requestStatuses(5)).toEqual([429, 429, 429, 429, 429]);
    vi.advanceTimersByTime(30_000);
    expect(await requestStatuses(1)).toEqual([429]);
    vi.advanceTimersByTime(60_000);
    expect(await requestStatuses(1)).toEqual([200]);
  });

  it('derives custom field keys from labels as Kit does', () => {
    expect(customFieldKey('Last Name')).toBe('last_name');
    expect(customFieldKey(' LinkedIn URL! ')).toBe('linkedin_url');
    expect(customFieldKey('status')).toBe('status');
  });

  it('fails on request: 500s, a number of times, dropped connections, and requests it never answers', async () => {
    const kit = await fake();
    kit.setFailure({ kind: '500', times: 2 });
    expect([(await get(kit, '/account')).status, (await get(kit, '/account')).status, (await get(kit, '/account')).status]).toEqual([500, 500, 200]);

    kit.setFailure('drop');
    await expect(get(kit, '/account')).rejects.toThrow();

    kit.setFailure('timeout');
    await expect(fetch(`${kit.url}/account`, { headers: { 'X-Kit-Api-Key': kit.apiKey }, signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect(kit.log.slice(-2).map((entry) => entry.outcome)).toEqual(['dropped', 'timeout']);
  });

  it('fails a share of requests at random, repeatably for a seed', async () => {
    const run = async () => {
      const kit = await fake({ seed: 42, failure: { random: 0.25, kinds: ['500'] } });
      const statuses = [];
      for (let i = 0; i < 200; i++) statuses.push((await get(kit, '/forms')).status);
      return statuses;
    };
    const first = await run();
    const failed = first.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(70);
    expect(await run()).toEqual(first);
  });

  it('carries out a request and then drops the connection, like a lost answer', async () => {
    const kit = await fake();
    kit.setFailure({ kind: 'drop_after_processing', times: 1 });
    await expect(
      fetch(`${kit.url}/subscribers`, {
        method: 'POST',
        headers: { 'X-Kit-Api-Key': kit.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email_address: 'lost@example.com' }),
      }),
    ).rejects.toThrow();
    expect(kit.state.subscriberByEmail('lost@example.com')).toBeDefined();
  });

  it('starts over on reset: its first tags and fields, no subscribers, nothing counted, no failure', async () => {
    const kit = await fake({ tags: ['newsletter'], customFields: ['Last Name'] });
    const post = (path: string, body: object) =>
      fetch(kit.url + path, { method: 'POST', headers: { 'X-Kit-Api-Key': kit.apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/subscribers', { email_address: 'anna@example.com' })).status).toBe(201);
    expect((await post('/tags', { name: 'webinar' })).status).toBe(201);
    kit.setFailure('500');

    kit.reset();
    expect(kit.state.subscribers.size).toBe(0);
    expect([...kit.state.tags.values()].map((t) => t.name)).toEqual(['newsletter']);
    expect(kit.state.customFields.map((f) => f.key)).toEqual(['last_name']);
    expect([kit.calls, kit.log, kit.stats()]).toMatchObject([{}, [], { requests: 0, rateLimited: 0 }]);
    expect((await get(kit, '/subscribers')).status).toBe(200);
    expect(kit.state.subscriberByEmail('anna@example.com')).toBeUndefined();
  });

  it('can be inspected and switched from another process', async () => {
    const kit = await fake();
    const set = await fetch(kit.url.replace('/v4', '/__fake/failure'), {
      method: 'POST',
      headers: { 'X-Kit-Api-Key': kit.apiKey },
      body: JSON.stringify({ kind: '500', times: 1 }),
    });
    expect(set.status).toBe(204);
    expect((await get(kit, '/account')).status).toBe(500);
    const state = await (await fetch(kit.url.replace('/v4', '/__fake/state'), { headers: { 'X-Kit-Api-Key': kit.apiKey } })).json();
    expect(state).toMatchObject({ calls: { 'GET /account': 1 }, stats: { requests: 1, injectedFailures: 1 }, subscribers: [] });
  });

  it('runs standalone and prints its URL and API key', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/fake-kit.ts'], {
      env: { ...process.env, FAKE_KIT_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('KIT_API_BASE=')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the fake exited with ${code}: ${output}`)));
      });
      const url = /running at (\S+)/.exec(output)![1]!;
      const apiKey = /API key: (\S+)/.exec(output)![1]!;
      const tags = await (await fetch(`${url}/tags`, { headers: { 'X-Kit-Api-Key': apiKey } })).json();
      expect(tags.tags.map((t: { name: string }) => t.name)).toEqual(['newsletter', 'webinar', 'customer']);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
