import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../tests/fakes/fake-kit.ts';
import { KitApiError, KitClient, KitNetworkError, type KitClientOptions } from './client.ts';
import { KitRateLimiter } from './rate-limiter.ts';

let kit: FakeKit;
beforeAll(async () => {
  // A roomy window: these tests are about the API, the pacing tests below use their own fake.
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, forms: [{ name: 'A' }, { name: 'B' }, { name: 'C', type: 'hosted' }] });
});
afterAll(() => kit.close());
afterEach(() => kit.setFailure('none'));

const clientFor = (fake: FakeKit, options: Partial<KitClientOptions> = {}) =>
  new KitClient({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    limiter: new KitRateLimiter(fake.rateLimit),
    timeoutMs: 300,
    backoffMs: 10,
    maxAttempts: 4,
    ...options,
  });

async function expectKitError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe(message);
  return error as Error;
}

describe('account and connection test', () => {
  it('reads the account behind the key', async () => {
    const account = await clientFor(kit).getAccount();
    expect(account.account.name).toBe('Fake Kit account');
    expect(await clientFor(kit).testConnection()).toMatchObject({ ok: true, account: { user: { email: 'owner@fake-kit.test' } } });
  });

  it('reports false with "HTTP {status}: {statusText}" for a wrong key', async () => {
    expect(await clientFor(kit, { apiKey: 'wrong' }).testConnection()).toEqual({ ok: false, error: 'HTTP 401: Unauthorized' });
  });

  it('reports false with the failure when Kit cannot be reached', async () => {
    const gone = await startFakeKit();
    await gone.close();
    const result = await clientFor(gone, { maxAttempts: 2 }).testConnection();
    expect(result).toEqual({ ok: false, error: `Kit API request failed: GET ${gone.url}/account - ECONNREFUSED (2 attempts)` });
  });
});

describe('error texts', () => {
  it('"Kit API error: {status} {method} {url} - {message}" with Kit\'s errors array as the message', async () => {
    const error = await expectKitError(
      clientFor(kit, { apiKey: 'wrong' }).listTags(),
      `Kit API error: 401 GET ${kit.url}/tags - The API key is invalid`,
    );
    expect(error).toBeInstanceOf(KitApiError);
    expect((error as KitApiError).status).toBe(401);
    await expectKitError(clientFor(kit).getSubscriber(999_999), `Kit API error: 404 GET ${kit.url}/subscribers/999999 - Not Found`);
    await expectKitError(
      clientFor(kit).upsertSubscriber({ email_address: 'not an email' }),
      `Kit API error: 422 POST ${kit.url}/subscribers - Email address is invalid`,
    );
  });

  it('uses the raw body when it is not JSON (a 429 says "Retry later")', async () => {
    kit.setFailure('429');
    const limiter = new KitRateLimiter({ limit: 10_000, windowMs: 80 }); // pauses of 10, 20 ms
    await expectKitError(clientFor(kit, { limiter, maxAttempts: 3 }).listForms(), `Kit API error: 429 GET ${kit.url}/forms - Retry later`);
  });

  it('includes the query string in the url', async () => {
    kit.setFailure('500');
    await expectKitError(
      clientFor(kit, { maxAttempts: 1 }).listSubscribers({ email_address: 'a@b.co', status: 'all' }),
      `Kit API error: 500 GET ${kit.url}/subscribers?email_address=a%40b.co&status=all - Internal Server Error`,
    );
  });
});

describe('forms and tags', () => {
  it('lists forms with cursor pagination', async () => {
    const client = clientFor(kit);
    const first = await client.listForms({ per_page: 2 });
    expect(first.forms.map((f) => f.name)).toEqual(['A', 'B']);
    expect(first.pagination).toMatchObject({ has_previous_page: false, has_next_page: true, per_page: 2 });
    const second = await client.listForms({ per_page: 2, after: first.pagination.end_cursor! });
    expect(second.forms.map((f) => f.name)).toEqual(['C']);
    expect(second.forms[0]).toMatchObject({ type: 'hosted' });
    expect(second.pagination).toMatchObject({ has_previous_page: true, has_next_page: false });
    const back = await client.listForms({ per_page: 2, before: second.pagination.start_cursor! });
    expect(back.forms.map((f) => f.name)).toEqual(['A', 'B']);
    expect((await client.listAllForms()).map((f) => f.name)).toEqual(['A', 'B', 'C']);
  });

  it('creates a tag once: creating it again answers the existing one', async () => {
    const client = clientFor(kit);
    const created = await client.createTag('Webinar 2025');
    expect(created.created).toBe(true);
    const again = await client.createTag('webinar 2025');
    expect(again).toEqual({ tag: created.tag, created: false });
    expect((await client.listAllTags()).filter((t) => t.name === 'Webinar 2025')).toHaveLength(1);
    expect((await client.listTags({ include_total_count: true })).pagination.total_count).toBeGreaterThanOrEqual(1);
  });
});

describe('subscribers', () => {
  it('upserts: 201 creates with the known custom fields, 200 updates the first name of the existing one', async () => {
    const client = clientFor(kit);
    await client.createCustomField('Last Name');
    const created = await client.upsertSubscriber({
      email_address: 'Ada@Example.com',
      first_name: 'Ada',
      state: 'active',
      fields: { last_name: 'Lovelace', phone: '+44 1' },
    });
    expect(created.created).toBe(true);
    // phone is no custom field in this account: silently ignored
    expect(created.subscriber).toMatchObject({ email_address: 'ada@example.com', first_name: 'Ada', state: 'active', fields: { last_name: 'Lovelace' } });
    expect(created.subscriber.fields).not.toHaveProperty('phone');

    const updated = await client.upsertSubscriber({ email_address: 'ada@example.com', first_name: 'Augusta', fields: { last_name: 'King' } });
    expect(updated).toMatchObject({ created: false, subscriber: { id: created.subscriber.id, first_name: 'Augusta', fields: { last_name: 'Lovelace' } } });

    expect(await client.getSubscriber(created.subscriber.id)).toMatchObject({ first_name: 'Augusta' });
    expect(await client.findSubscriberByEmail('ADA@example.com')).toMatchObject({ id: created.subscriber.id });
    expect(await client.findSubscriberByEmail('nobody@example.com')).toBeNull();
  });

  it('updates with PUT, where an unknown custom field is an error', async () => {
    const client = clientFor(kit);
    const { subscriber } = await client.upsertSubscriber({ email_address: 'grace@example.com', first_name: 'Grace' });
    const updated = await client.updateSubscriber(subscriber.id, { email_address: 'grace@example.com', first_name: 'Grace', fields: { last_name: 'Hopper' } });
    expect(updated.fields.last_name).toBe('Hopper');
    await expectKitError(
      client.updateSubscriber(subscriber.id, { fields: { linkedin: 'x' } }),
      `Kit API error: 422 PUT ${kit.url}/subscribers/${subscriber.id} - Custom field 'linkedin' does not exist`,
    );
  });

  it('unsubscribes; the list shows active subscribers unless told otherwise; totals come from include_total_count', async () => {
    const client = clientFor(kit);
    const { subscriber } = await client.upsertSubscriber({ email_address: 'leaving@example.com' });
    await client.unsubscribe(subscriber.id);
    expect((await client.getSubscriber(subscriber.id)).state).toBe('cancelled');
    expect(await client.findSubscriberByEmail('leaving@example.com')).toMatchObject({ state: 'cancelled' });
    const active = await client.listSubscribers();
    expect(active.subscribers.map((s) => s.email_address)).not.toContain('leaving@example.com');

    const all = [...kit.state.subscribers.values()];
    expect(await client.countSubscribers('all')).toBe(all.length);
    expect(await client.countSubscribers('active')).toBe(all.filter((s) => s.state === 'active').length);
    expect(await client.countSubscribers('cancelled')).toBe(1);
  });

  it('pages through subscribers with after and before cursors', async () => {
    const client = clientFor(kit);
    for (let i = 0; i < 5; i++) await client.upsertSubscriber({ email_address: `page${i}@example.com` });
    const seen: string[] = [];
    let page = await client.listSubscribers({ per_page: 2, status: 'all' });
    seen.push(...page.subscribers.map((s) => s.email_address));
    while (page.pagination.has_next_page) {
      page = await client.listSubscribers({ per_page: 2, status: 'all', after: page.pagination.end_cursor! });
      seen.push(...page.subscribers.map((s) => s.email_address));
    }
    expect(seen).toHaveLength(kit.state.subscribers.size);
    expect(new Set(seen).size).toBe(seen.length);
    const previous = await client.listSubscribers({ per_page: 2, status: 'all', before: page.pagination.start_cursor! });
    expect(previous.subscribers).toHaveLength(2);
    expect(previous.pagination.has_next_page).toBe(true);
  });
});

describe('tagging', () => {
  it('tags by email (201 new, 200 already), by id, and removes a tag', async () => {
    const client = clientFor(kit);
    const { tag } = await client.createTag('customer');
    const { subscriber } = await client.upsertSubscriber({ email_address: 'tagged@example.com' });
    expect((await client.tagSubscriberByEmail(tag.id, 'tagged@example.com')).newlyTagged).toBe(true);
    expect((await client.tagSubscriberByEmail(tag.id, 'TAGGED@example.com')).newlyTagged).toBe(false);
    expect(kit.state.subscribers.get(subscriber.id)!.tag_ids.has(tag.id)).toBe(true);

    await client.removeTagFromSubscriber(tag.id, subscriber.id);
    expect(kit.state.subscribers.get(subscriber.id)!.tag_ids.has(tag.id)).toBe(false);
    expect((await client.tagSubscriber(tag.id, subscriber.id)).newlyTagged).toBe(true);
    await expectKitError(
      client.tagSubscriberByEmail(tag.id, 'unknown@example.com'),
      `Kit API error: 404 POST ${kit.url}/tags/${tag.id}/subscribers - Not Found`,
    );
  });
});

describe('custom fields', () => {
  it('derives the key from the label and refuses a second field with the same label', async () => {
    const client = clientFor(kit);
    const field = await client.createCustomField('LinkedIn Profile');
    expect(field).toMatchObject({ key: 'linkedin_profile', label: 'LinkedIn Profile' });
    await expectKitError(client.createCustomField('LinkedIn Profile'), `Kit API error: 422 POST ${kit.url}/custom_fields - Label has already been taken`);
    expect((await client.listCustomFields()).map((f) => f.key)).toContain('linkedin_profile');
  });
});

describe('retries', () => {
  it('retries 5xx answers with back-off, then succeeds', async () => {
    kit.setFailure({ kind: '500', times: 2 });
    const before = kit.calls['GET /account'] ?? 0;
    await clientFor(kit).getAccount();
    expect(kit.calls['GET /account']! - before).toBe(3);
  });

  it('retries timeouts and dropped connections', async () => {
    kit.setFailure({ kind: 'timeout', times: 1 });
    expect((await clientFor(kit).listAllForms()).length).toBe(3);
    kit.setFailure({ kind: 'drop', times: 2 });
    expect((await clientFor(kit).listAllForms()).length).toBe(3);
  });

  it('gives up after the last attempt with a clear error, never silently', async () => {
    kit.setFailure('500');
    const before = kit.calls['GET /tags'] ?? 0;
    await expectKitError(clientFor(kit, { maxAttempts: 3 }).listTags(), `Kit API error: 500 GET ${kit.url}/tags - Internal Server Error`);
    expect(kit.calls['GET /tags']! - before).toBe(3);

    kit.setFailure('timeout');
    const error = await expectKitError(
      clientFor(kit, { maxAttempts: 2, timeoutMs: 100 }).getAccount(),
      `Kit API request failed: GET ${kit.url}/account - no answer within 100 ms (2 attempts)`,
    );
    expect(error).toBeInstanceOf(KitNetworkError);
  });

  it('does not repeat a request that is not idempotent after an unclear failure', async () => {
    kit.setFailure({ kind: 'drop_after_processing', times: 1 });
    await expect(clientFor(kit).createCustomField('Country')).rejects.toBeInstanceOf(KitNetworkError);
    expect(kit.state.customFields.filter((f) => f.key === 'country')).toHaveLength(1);
  });

  it('rides out a 429 storm by pausing, then succeeds', async () => {
    kit.setFailure({ kind: '429', times: 3 });
    const limiter = new KitRateLimiter({ limit: 10_000, windowMs: 160 }); // pauses of 20, 40, 80 ms
    expect((await clientFor(kit, { limiter }).getAccount()).account.id).toBe(1);
  });
});

describe('pacing under the rate limit', () => {
  it('sends a burst of work without a single 429 and within the limit in every window', async () => {
    const paced = await startFakeKit({ rateLimit: { limit: 40, windowMs: 1_000 } });
    try {
      const client = clientFor(paced, { limiter: new KitRateLimiter(paced.rateLimit), timeoutMs: 5_000 });
      await Promise.all(Array.from({ length: 90 }, (_, i) => client.upsertSubscriber({ email_address: `burst${i}@example.com` })));
      expect(paced.state.subscribers.size).toBe(90);
      expect(paced.stats()).toMatchObject({ rateLimited: 0 });
      expect(paced.stats().maxInWindow).toBeLessThanOrEqual(40);
    } finally {
      await paced.close();
    }
  });
});

describe('reading lists page by page', () => {
  it('walks every subscriber in every state, a tag\'s holders with tagged_at, and changes since a time, resuming from a saved cursor', async () => {
    const fake = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
    try {
      const states = ['active', 'inactive', 'cancelled', 'bounced', 'complained'] as const;
      for (let i = 0; i < 25; i++) fake.state.addSubscriber({ email_address: `p${i}@example.com`, state: states[i % 5], tags: i % 2 ? ['odd'] : [] });
      const client = clientFor(fake);

      const pages = [];
      for await (const page of client.subscriberPages({ status: 'all', per_page: 10, include_total_count: true })) pages.push(page);
      expect(pages.map((p) => p.items.length)).toEqual([10, 10, 5]);
      expect(pages[0]!.total_count).toBe(25);
      expect(pages[2]!.next).toBeNull();
      expect(new Set(pages.flatMap((p) => p.items.map((s) => s.email_address))).size).toBe(25);
      expect(pages.flatMap((p) => p.items).filter((s) => s.state === 'bounced')).toHaveLength(5);
      // Without status Kit lists active subscribers only.
      let active = 0;
      for await (const page of client.subscriberPages({ per_page: 1000 })) active += page.items.length;
      expect(active).toBe(5);

      // Resuming from the first page's cursor gives the rest, nothing twice.
      const rest = [];
      for await (const page of client.subscriberPages({ status: 'all', per_page: 10, after: pages[0]!.next! })) rest.push(...page.items);
      expect(rest.map((s) => s.id)).toEqual(pages.slice(1).flatMap((p) => p.items.map((s) => s.id)));

      const odd = [...fake.state.tags.values()].find((t) => t.name === 'odd')!;
      const holders = [];
      for await (const page of client.tagSubscriberPages(odd.id, { status: 'all', per_page: 5 })) holders.push(...page.items);
      expect(holders).toHaveLength(12);
      expect(holders.every((s) => typeof s.tagged_at === 'string')).toBe(true);
      expect(fake.calls['GET /tags/:tag_id/subscribers']).toBe(3);

      const since = new Date(Date.now() + 5).toISOString();
      await new Promise((resolve) => setTimeout(resolve, 10));
      const changed = [...fake.state.subscribers.values()][3]!;
      fake.state.updateSubscriber(changed.id, { state: 'cancelled' });
      const updated = [];
      for await (const page of client.subscriberPages({ status: 'all', updated_after: since })) updated.push(...page.items);
      expect(updated.map((s) => [s.id, s.state])).toEqual([[changed.id, 'cancelled']]);
    } finally {
      await fake.close();
    }
  });
});
