import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import type { ImportReport } from '../../shared/contacts/api.ts';
import { autoMapColumns, IMPORT_MESSAGES, type ImportMapping } from '../../shared/contacts/csv.ts';
import { IMPORT_JOB_PATHS, type ImportJob } from '../../shared/contacts/import-job.ts';
import { eq, sql } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '../../shared/contacts/form.ts';
import { buildApp } from '../app.ts';
import { contactImportJobs, contacts, tags } from '../db/schema.ts';
import { IMPORT_BATCH_SIZE, IMPORT_JOB_MESSAGES } from '../../shared/contacts/import-job.ts';
import { runImportBatch, startImport } from './import.ts';

const app = signedInApp();
/** Direct runs of the import: nobody was erased. */
const noneErased = async () => new Set<string>();
beforeEach(async () => {
  await app.t.db.delete(contacts);
  await app.t.db.delete(tags);
  await app.t.db.insert(tags).values([{ name: 'vip' }, { name: 'newsletter' }]);
});

const importRows = (rows: unknown[], mapping: Partial<ImportMapping>, on_duplicate?: 'update' | 'skip') =>
  app.t.as(app.cookie, { method: 'POST', url: '/api/contacts/import', payload: { rows, mapping, on_duplicate } });
const readJob = async (id: string): Promise<ImportJob> => (await app.t.as(app.cookie, { method: 'GET', url: IMPORT_JOB_PATHS.job.path({ id }) })).json().job;
/** Starts an import and follows its job to the end, as the screen does; its report. */
const runImport = async (...args: Parameters<typeof importRows>): Promise<ImportReport> => {
  const res = await importRows(...args);
  expect(res.statusCode, res.body).toBe(201);
  let job: ImportJob = res.json().job;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = await readJob(job.id);
  }
  expect(job.status).toBe('done');
  return job.report!;
};
const byEmail = async () => Object.fromEntries((await app.t.db.select().from(contacts)).map((c) => [c.email, c]));

const mapping: ImportMapping = { email: 'E-Mail', first_name: 'Vorname', last_name: 'Nachname', status: 'Status', source: 'Source', tags: 'Tags', phone: 'Telefon' };

describe('CSV import', () => {
  it('creates, updates, skips and reports invalid rows and repeated emails, losing none', async () => {
    await app.t.db.insert(contacts).values({ email: 'known@example.com', first_name: 'Known', last_name: 'Person', phone: '+49 1', status: 'customer', tags: ['newsletter'], url_parameters: { utm_source: 'x' } });
    const rows = [
      { 'E-Mail': 'New.One@Example.com', Vorname: 'New', Nachname: 'One', Status: 'Prospect', Source: 'Manual Entry', Tags: 'vip; newsletter' },
      { 'E-Mail': 'KNOWN@example.com', Vorname: 'Changed', Nachname: '', Status: '', Source: '', Tags: 'vip' },
      { 'E-Mail': 'not an email', Vorname: 'Bad' },
      { 'E-Mail': 'new.one@example.com', Vorname: 'Repeat' },
      { 'E-Mail': 'tagged@example.com', Tags: 'vip;ghost' },
      { 'E-Mail': 'status@example.com', Status: 'winner' },
      'not a row',
      { 'E-Mail': '', Vorname: 'No email' },
      { 'E-Mail': 'second@example.com', Telefon: 4930123 },
    ];
    const report = await runImport(rows, mapping, 'update');
    expect(report).toEqual({
      created: 2,
      updated: 1,
      skipped: 1,
      erased: 0,
      invalid: [
        { row: 3, email: 'not an email', reason: `Email: ${CONTACT_MESSAGES.emailInvalid}` },
        { row: 5, email: 'tagged@example.com', reason: 'Unknown tag: ghost. Choose tags from the Tags list.' },
        { row: 6, email: 'status@example.com', reason: CONTACT_MESSAGES.statusInvalid },
        { row: 7, email: '', reason: IMPORT_MESSAGES.unreadableRow },
        { row: 8, email: '', reason: CONTACT_MESSAGES.emailRequired },
      ],
      duplicates: [{ row: 4, email: 'new.one@example.com', first_row: 1 }],
    });
    expect(report.created + report.updated + report.skipped + report.invalid.length).toBe(rows.length);

    const saved = await byEmail();
    expect(Object.keys(saved).sort()).toEqual(['known@example.com', 'new.one@example.com', 'second@example.com']);
    expect(saved['new.one@example.com']).toMatchObject({ first_name: 'New', last_name: 'One', status: 'prospect', source: 'manual', tags: ['vip', 'newsletter'] });
    expect(saved['second@example.com']).toMatchObject({ phone: '4930123', status: 'lead', source: 'manual', tags: [] });
    // An update writes the filled cells only and adds tags; everything else stays.
    expect(saved['known@example.com']).toMatchObject({
      first_name: 'Changed',
      last_name: 'Person',
      phone: '+49 1',
      status: 'customer',
      tags: ['newsletter', 'vip'],
      url_parameters: { utm_source: 'x' },
    });
  });

  it('leaves existing contacts alone under the skip policy', async () => {
    await app.t.db.insert(contacts).values({ email: 'known@example.com', first_name: 'Known' });
    const report = await runImport(
      [{ 'E-Mail': 'known@example.com', Vorname: 'Changed' }, { 'E-Mail': 'fresh@example.com', Vorname: 'Fresh' }],
      mapping,
      'skip',
    );
    expect(report).toMatchObject({ created: 1, updated: 0, skipped: 1, invalid: [], duplicates: [] });
    expect((await byEmail())['known@example.com']!.first_name).toBe('Known');
  });

  it('imports a 10,000-row file in batches, then recognises all of it as known', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ email: `bulk${i}@example.com`, name: `Person ${i}`, tags: i % 2 ? 'vip' : '' }));
    const map = autoMapColumns(['email', 'name', 'tags']) as ImportMapping;
    expect(map).toEqual({ email: 'email', full_name: 'name', tags: 'tags' });
    expect(await runImport(rows, map)).toEqual({ created: 10_000, updated: 0, skipped: 0, erased: 0, invalid: [], duplicates: [] });
    expect(await app.t.db.$count(contacts)).toBe(10_000);
    const again = await runImport(rows.map((r) => ({ ...r, tags: 'newsletter' })), map, 'update');
    expect(again).toEqual({ created: 0, updated: 10_000, skipped: 0, erased: 0, invalid: [], duplicates: [] });
    const sample = (await byEmail())['bulk9999@example.com']!;
    expect(sample).toMatchObject({ full_name: 'Person 9999', tags: ['vip', 'newsletter'] });
  }, 120_000);

  it('imports its own export back unchanged', async () => {
    await app.t.db.insert(contacts).values([
      { email: 'a@example.com', first_name: 'Anne, "A"', phone: '+49 30 1', country: '=1+1', tags: ['vip', 'newsletter'], status: 'customer', source: 'referral' },
      { email: 'b@example.com', address: 'Line 1\nLine 2', linkedin: 'https://www.linkedin.com/in/b' },
    ]);
    const before = await byEmail();
    const csv = (await app.t.as(app.cookie, { method: 'GET', url: '/api/contacts/export.csv' })).body;
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    await app.t.db.delete(contacts);
    const report = await runImport(parsed.data, autoMapColumns(parsed.meta.fields!) as ImportMapping);
    expect(report).toMatchObject({ created: 2, invalid: [] });
    const after = await byEmail();
    for (const email of ['a@example.com', 'b@example.com']) {
      const { id: _a, created_at: _b, updated_at: _c, kit_id: _d, ...was } = before[email]!;
      expect(after[email]).toMatchObject(was);
    }
  });

  it('refuses a request without an email column or without rows', async () => {
    const noEmail = await importRows([{ a: 'x' }], { first_name: 'a' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.fields['mapping.email']).toBe(IMPORT_MESSAGES.emailColumnRequired);
    const noRows = await importRows([], { email: 'email' });
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().error.fields.rows).toBe(IMPORT_MESSAGES.noRows);
    expect(await app.t.db.select().from(contacts)).toHaveLength(0);
  });

  it('answers a file of one batch with its finished job and report', async () => {
    const res = await importRows([{ 'E-Mail': 'one@example.com' }, { 'E-Mail': 'bad' }], mapping);
    expect(res.statusCode).toBe(201);
    expect(res.json().job).toMatchObject({
      status: 'done',
      total: 1,
      done: 1,
      created: 1,
      invalid: 1,
      report: { created: 1, updated: 0, skipped: 0, invalid: [{ row: 2, email: 'bad' }], duplicates: [] },
      error: null,
    });
  });

  it('reports a row refused for a NUL or half a character, showing it with U+FFFD in their place', async () => {
    const report = await runImport([{ 'E-Mail': 'nul\u0000@example.com' }, { 'E-Mail': 'half\uD800@example.com' }, { 'E-Mail': 'fine@example.com' }], { email: 'E-Mail' });
    expect(report.created).toBe(1);
    expect(report.invalid.map((r) => [r.row, r.email])).toEqual([
      [1, 'nul\ufffd@example.com'],
      [2, 'half\ufffd@example.com'],
    ]);
  });

  it('shows a larger import’s progress batch by batch, each batch written whole', async () => {
    const rows = Array.from({ length: 10 * IMPORT_BATCH_SIZE + 1 }, (_, i) => ({ 'E-Mail': `step${i}@example.com` }));
    const res = await importRows([...rows, { 'E-Mail': 'step0@example.com' }], mapping);
    expect(res.statusCode).toBe(201);
    let job: ImportJob = res.json().job;
    expect(job).toMatchObject({ status: 'running', total: rows.length, invalid: 0, skipped: 1, report: null });
    const progress = [job.done];
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 10));
      job = await readJob(job.id);
      progress.push(job.done);
      // Progress and contacts committed together: what is counted is written.
      expect(job.created).toBe(job.done);
    }
    expect(job).toMatchObject({ status: 'done', done: rows.length, created: rows.length, report: { created: rows.length, skipped: 1 } });
    expect(progress.every((done, i) => (done % IMPORT_BATCH_SIZE === 0 || done === rows.length) && done >= (progress[i - 1] ?? 0))).toBe(true);
    expect(await app.t.db.$count(contacts)).toBe(rows.length);
  }, 120_000);

  it('leaves out the rows of a tag deleted while the file is imported, with the reason the checks give', async () => {
    const rows = Array.from({ length: 2 * IMPORT_BATCH_SIZE }, (_, i) => ({ 'E-Mail': `tagged${i}@example.com`, Tags: i % 2 ? 'vip' : 'newsletter' }));
    const run = await startImport(app.t.db, { rows, mapping, on_duplicate: 'skip', on_erased: 'skip' }, 'owner@example.com', noneErased);
    expect(await runImportBatch(app.t.db, run)).toBe('more');
    await app.t.db.delete(tags).where(eq(tags.name, 'vip'));
    expect(await runImportBatch(app.t.db, run)).toBe('finished');
    const job = await readJob(run.jobId);
    const lateRows = rows.map((_, i) => i + 1).filter((row) => row > IMPORT_BATCH_SIZE && row % 2 === 0);
    expect(job.report!.invalid).toEqual(lateRows.map((row) => ({ row, email: `tagged${row - 1}@example.com`, reason: CONTACT_MESSAGES.tagsUnknown(['vip']) })));
    expect(job.report!.created).toBe(rows.length - lateRows.length);
    const saved = await byEmail();
    expect(Object.values(saved).filter((c) => c.tags.includes('vip'))).toHaveLength(IMPORT_BATCH_SIZE / 2);
  });

  it('shows an import whose server died as stopped, keeping the batches it wrote; the dead run writes no more', async () => {
    const rows = Array.from({ length: 3 * IMPORT_BATCH_SIZE }, (_, i) => ({ 'E-Mail': `crash${i}@example.com` }));
    const run = await startImport(app.t.db, { rows, mapping, on_duplicate: 'skip', on_erased: 'skip' }, 'owner@example.com', noneErased);
    expect(await runImportBatch(app.t.db, run)).toBe('more');
    // Its instance is gone: nobody renews the lease.
    expect((await readJob(run.jobId)).status).toBe('running');
    await app.t.db.update(contactImportJobs).set({ locked_at: sql`now() - interval '1 hour'` }).where(eq(contactImportJobs.id, run.jobId));
    const job = await readJob(run.jobId);
    expect(job).toMatchObject({ status: 'failed', error: IMPORT_JOB_MESSAGES.stopped, done: IMPORT_BATCH_SIZE, created: IMPORT_BATCH_SIZE, report: null });
    expect(job.finished_at).not.toBeNull();
    expect(await runImportBatch(app.t.db, run)).toBe('lost');
    expect(await app.t.db.$count(contacts)).toBe(IMPORT_BATCH_SIZE);
  });

  it('ends the imports of a server that stops as stopped, after the batch in progress', async () => {
    const other = await buildApp({ config: app.t.config, database: app.t.database });
    const cookie = app.cookie;
    const rows = Array.from({ length: 10 * IMPORT_BATCH_SIZE }, (_, i) => ({ 'E-Mail': `halt${i}@example.com` }));
    const res = await other.inject({ method: 'POST', url: '/api/contacts/import', headers: { cookie, origin: 'http://localhost', host: 'localhost' }, payload: { rows, mapping } });
    expect(res.json().job.status).toBe('running');
    await other.close();
    const job = await readJob(res.json().job.id);
    expect(job).toMatchObject({ status: 'failed', error: IMPORT_JOB_MESSAGES.stopped });
    expect(job.done % IMPORT_BATCH_SIZE).toBe(0);
    expect(job.done).toBeLessThan(rows.length);
    expect(await app.t.db.$count(contacts)).toBe(job.created);
  }, 60_000);

  it('answers 404 for an import that does not exist and 400 for an id that is none', async () => {
    const missing = await app.t.as(app.cookie, { method: 'GET', url: IMPORT_JOB_PATHS.job.path({ id: '00000000-0000-4000-8000-000000000000' }) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(IMPORT_JOB_MESSAGES.notFound);
    expect((await app.t.as(app.cookie, { method: 'GET', url: IMPORT_JOB_PATHS.job.path({ id: 'nope' }) })).statusCode).toBe(400);
  });
});
