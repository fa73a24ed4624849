import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { CONTACT_PATHS } from '../../shared/contacts/api.ts';
import type { ImportMapping } from '../../shared/contacts/csv.ts';
import { IMPORT_BATCH_SIZE, IMPORT_JOB_PATHS, type ImportJob } from '../../shared/contacts/import-job.ts';
import { PRIVACY_PATHS } from '../../shared/privacy/erasure.ts';
import { contacts, erasures } from '../db/schema.ts';

/*
 * A CSV import and people erased before: the preview counts them (by the erasure log's hash of the
 * normalised email, whatever the file's spelling), the import leaves them out unless the owner
 * chooses to bring them back, and the job counts them. Only counts come back, never emails or hashes.
 */

const app = signedInApp();
const mapping: ImportMapping = { email: 'E-Mail', first_name: 'Vorname' };
const ERASED = 'Erin.Erased@Example.com';

const contactWith = async (email: string) => (await app.t.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`))[0];

async function eraseSomeone(email: string) {
  const created = await app.api('POST', CONTACT_PATHS.list, { email, first_name: 'Erin' });
  expect(created.statusCode, created.body).toBe(201);
  const erased = await app.api('POST', PRIVACY_PATHS.erase.path({ id: created.json().contact.id }));
  expect(erased.statusCode, erased.body).toBe(204);
}

async function importFile(rows: unknown[], extra: Record<string, unknown> = {}): Promise<ImportJob> {
  const res = await app.api('POST', CONTACT_PATHS.import, { rows, mapping, file_name: 'people.csv', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  let job: ImportJob = res.json().job;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = (await app.api('GET', IMPORT_JOB_PATHS.job.path({ id: job.id }))).json().job;
  }
  expect(job.status).toBe('done');
  return job;
}

const preview = (emails: string[]) => app.api('POST', CONTACT_PATHS.importErased, { emails });

beforeEach(async () => {
  await app.t.db.delete(contacts);
  await app.t.db.delete(erasures);
  await eraseSomeone(ERASED);
  expect(await contactWith(ERASED)).toBeUndefined();
});

describe('CSV import of people erased before', () => {
  it('the preview counts an erased email in another letter case and with spaces, and answers only the count', async () => {
    const res = await preview(['  ERIN.erased@example.COM ', 'new.person@example.com', 'erin.erased@example.com']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: 1 });
    expect((await preview(['new.person@example.com'])).json()).toEqual({ erased: 0 });
  });

  it('leaves them out by default, counted in the job and its report', async () => {
    const job = await importFile([
      { 'E-Mail': '  ERIN.ERASED@example.com ', Vorname: 'Erin' },
      { 'E-Mail': 'new.person@example.com', Vorname: 'New' },
    ]);
    expect(job).toMatchObject({ total: 2, done: 2, created: 1, erased: 1, report: { created: 1, erased: 1, skipped: 0 } });
    expect(await contactWith(ERASED)).toBeUndefined();
    expect(await contactWith('new.person@example.com')).toBeDefined();
    // The report names no erased email among its rows.
    expect(JSON.stringify(job)).not.toContain('erin.erased');
  });

  it('brings them back when the owner chooses to import them anyway', async () => {
    const job = await importFile([{ 'E-Mail': 'Erin.Erased@example.com ', Vorname: 'Erin' }], { on_erased: 'import' });
    expect(job).toMatchObject({ created: 1, erased: 0, report: { created: 1, erased: 0 } });
    expect((await contactWith(ERASED))?.first_name).toBe('Erin');
    // A contact again: no longer counted as someone the import would bring back.
    expect((await preview([ERASED])).json()).toEqual({ erased: 0 });
  });

  it('a person erased before who is a contact again (a new sign-up) is updated as any contact', async () => {
    await app.api('POST', CONTACT_PATHS.list, { email: ERASED, first_name: 'Back' });
    expect((await preview([ERASED])).json()).toEqual({ erased: 0 });
    const job = await importFile([{ 'E-Mail': ERASED, Vorname: 'Erin' }], { on_duplicate: 'update' });
    expect(job).toMatchObject({ updated: 1, erased: 0 });
    expect((await contactWith(ERASED))?.first_name).toBe('Erin');
  });

  it('a file of several batches (run in the background) leaves them out in whichever batch they are', async () => {
    const rows = Array.from({ length: 2 * IMPORT_BATCH_SIZE + 3 }, (_, i) => ({ 'E-Mail': `bulk${i}@example.com` }));
    rows.splice(IMPORT_BATCH_SIZE + 1, 0, { 'E-Mail': ERASED.toUpperCase() });
    const job = await importFile(rows);
    expect(job).toMatchObject({ done: rows.length, created: rows.length - 1, erased: 1 });
    expect(await contactWith(ERASED)).toBeUndefined();
    expect(await app.t.db.$count(contacts, eq(contacts.source, 'manual'))).toBe(rows.length - 1);
  });

  it('refuses hostile preview input with a 400', async () => {
    expect((await preview(['a\u0000b'])).statusCode).toBe(400);
    expect((await app.api('POST', CONTACT_PATHS.importErased, { emails: 'x' })).statusCode).toBe(400);
  });
});
