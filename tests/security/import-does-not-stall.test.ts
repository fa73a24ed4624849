import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/server/db/schema.ts';
import { IMPORT_BATCH_SIZE } from '../../src/shared/contacts/import-job.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signupConsent } from '../helpers/signup-consent.ts';

/**
 * A large CSV import must not stall the server: on the embedded database one transaction holds the
 * server's only thread, so the import writes a batch per transaction and lets other requests in
 * between. Proved by structure, not by the clock: the committed state is watched while the import
 * runs (each look is a query of its own, queued like any request's), and requests sent once the
 * first batch is in are answered before the last batch commits.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());

const BATCHES = 20;
const ROWS = BATCHES * IMPORT_BATCH_SIZE;
const imported = () => t.db.$count(contacts, like(contacts.email, 'stall%'));

describe('an import of many rows', () => {
  it('is written in several transactions, a whole batch each, with a staff read and a public sign-up answered between two of them', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => ({ email: `stall${i}@example.com`, name: `Stall ${i}` }));
    const importing = t.as(cookie, { method: 'POST', url: '/api/contacts/import', payload: { rows, mapping: { email: 'email', full_name: 'name' } } });

    const seen: number[] = [];
    let answeredWhile: { list: number; signUp: number; importedAfter: number } | undefined;
    for (let count = 0; count < ROWS; ) {
      // A turn of the event loop between looks, as between a browser's requests.
      await new Promise((resolve) => setImmediate(resolve));
      count = await imported();
      seen.push(count);
      if (count > 0 && !answeredWhile) {
        // Sent now, while the import has batches left: both are answered before its last one commits.
        const [list, signUp] = await Promise.all([
          t.as(cookie, { method: 'GET', url: '/api/contacts?limit=50' }),
          t.app.inject({ method: 'POST', url: '/api/public/leads/waiting-list', payload: { full_name: 'Visitor', email: 'visitor@example.com', ...signupConsent() } }),
        ]);
        answeredWhile = { list: list.statusCode, signUp: signUp.statusCode, importedAfter: await imported() };
      }
    }
    expect((await importing).statusCode).toBe(201);

    expect(answeredWhile).toBeDefined();
    expect(answeredWhile!.list).toBe(200);
    expect(answeredWhile!.signUp).toBe(201);
    expect(answeredWhile!.importedAfter).toBeLessThan(ROWS);
    // Every committed state holds whole batches, and several were seen on the way.
    expect(seen.every((count) => count % IMPORT_BATCH_SIZE === 0)).toBe(true);
    expect(new Set(seen.filter((count) => count > 0 && count < ROWS)).size).toBeGreaterThanOrEqual(2);
    const created = (await t.db.execute(sql`select count(*)::int as n from contact_events where type = 'created'`)) as unknown as { rows: Array<{ n: number }> };
    expect(created.rows[0]!.n).toBe(ROWS + 1);
  }, 120_000);
});
