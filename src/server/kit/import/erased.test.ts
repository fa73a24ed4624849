import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../../tests/fakes/fake-kit.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { CONTACT_PATHS } from '../../../shared/contacts/api.ts';
import { KIT_IMPORT_PATHS, type KitImportJob } from '../../../shared/kit/import.ts';
import { PRIVACY_PATHS } from '../../../shared/privacy/erasure.ts';
import { contacts, erasures, kitImportJobs, kitUnsubscribes } from '../../db/schema.ts';
import { silentLog, waitFor } from '../test-helpers.ts';
import { startKitImportRunner, type KitImportRunner } from './runner.ts';

/*
 * The import from Kit and people erased before, against the fake Kit: a subscriber whose email was
 * erased in this CRM (Kit still lists them, unsubscribed) is left out and counted unless the owner
 * chose to bring them back; a reconciliation pass, which nobody starts, always leaves them out.
 */

const ERASED = 'Erin.Erased@Example.com';
let kit: FakeKit;
let t: TestApp;
let cookie: string;
let runner: KitImportRunner | undefined;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.as(cookie, { method, url, payload });
const contactWith = async (email: string) => (await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`))[0];

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
  t = await createTestApp({ KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '10000', KIT_RATE_WINDOW_MS: '1000', MYCRM_SECRET_KEY: randomBytes(32).toString('base64') });
  cookie = await t.signIn();
  expect((await call('PUT', '/api/kit/settings', { api_key: kit.apiKey })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await kit?.close();
});
beforeEach(async () => {
  // Kit lists the person (as it still would after our unsubscribe), under another spelling and spaces.
  kit.state.addSubscriber({ email_address: ` ${ERASED.toUpperCase()}`, first_name: 'Erin', state: 'cancelled' });
  kit.state.addSubscriber({ email_address: 'kept.kit@example.com', first_name: 'Kept' });
  const created = await call('POST', CONTACT_PATHS.list, { email: ERASED, first_name: 'Erin' });
  expect(created.statusCode, created.body).toBe(201);
  expect((await call('POST', PRIVACY_PATHS.erase.path({ id: created.json().contact.id }))).statusCode).toBe(204);
  expect(await contactWith(ERASED)).toBeUndefined();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  kit.reset();
  await t.db.delete(kitImportJobs);
  await t.db.delete(kitUnsubscribes);
  await t.db.delete(contacts);
  await t.db.delete(erasures);
});

/** Runs what the Kit screen started (or a reconciliation pass that falls due) to its end. */
async function runJobs(kind: 'import' | 'reconciliation', reconcileIntervalMs = 0): Promise<KitImportJob> {
  runner = startKitImportRunner({ db: t.db, config: { dataDir: t.config.dataDir, kit: { ...t.config.kit, reconcileIntervalMs } }, log: silentLog, pollMs: 20 });
  let job: KitImportJob | null = null;
  await waitFor(async () => {
    job = (await call('GET', KIT_IMPORT_PATHS.import)).json()[kind];
    return job?.status === 'done';
  });
  await runner.stop();
  runner = undefined;
  return job!;
}

describe('import from Kit of people erased before', () => {
  it('leaves them out by default and counts them, naming no one', async () => {
    const started = await call('POST', KIT_IMPORT_PATHS.import);
    expect(started.statusCode, started.body).toBe(202);
    const job = await runJobs('import');
    expect(job).toMatchObject({ include_erased: false, erased: 1, created: 1 });
    expect(JSON.stringify(job).toLowerCase()).not.toContain('erin.erased');
    expect(await contactWith(ERASED)).toBeUndefined();
    expect(await contactWith('kept.kit@example.com')).toBeDefined();
  });

  it('brings them back when the owner chose to', async () => {
    expect((await call('POST', KIT_IMPORT_PATHS.import, { include_erased: true })).statusCode).toBe(202);
    const job = await runJobs('import');
    expect(job).toMatchObject({ include_erased: true, erased: 0, created: 2 });
    expect((await contactWith(ERASED))?.first_name).toBe('Erin');
  });

  it('a reconciliation pass never brings them back', async () => {
    // An earlier import (before the erasure in real life) makes the pass due.
    await t.db.insert(kitImportJobs).values({ kind: 'import', status: 'done', phase: 'done', started_at: new Date(Date.now() - 3_600_000), finished_at: new Date() });
    const pass = await runJobs('reconciliation', 60_000);
    expect(pass).toMatchObject({ kind: 'reconciliation', include_erased: false, erased: 1 });
    expect(await contactWith(ERASED)).toBeUndefined();
  });
});
